#pragma once
template <class F> __global__ void kernel(F f) { f(0); }
inline void shared_fill(int *p) {
  int v = 1;
  kernel<<<1, 1>>>([&v, p] __device__ (int i) { p[i] = v; });
}
