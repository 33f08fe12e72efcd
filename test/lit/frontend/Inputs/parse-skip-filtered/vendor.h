// A vendored library, included as a user header (-I) whose findings the
// run hides (--exclude-header-filter=vendor): --parse=skip skips its
// bodies as a system header's (plugin/library.h).
#pragma once

template <typename F> __global__ void v_kernel(F f) { f(); }

// Over a closure: instantiated, so the launch below is found through it.
template <typename F> void v_launch(F f) { v_kernel<<<1, 1>>>(f); }

// Over a class of the main file, whose template member its body calls:
// instantiated, so instances.c reaches the member's specialization.
template <typename T> void v_visit(T &t) { t.template visit<int>(); }

// A non-templated body with a finding, hidden: not parsed by the skip.
inline void v_fill(int *p) {
  struct G { int x; } g{2};
  v_launch([=] __device__ () { p[0] = g.x; });
}

// Over no closure and no class of a shown file: not instantiated.
template <typename T> T v_twice(T t) { return t + t; }
