// A library, included as a system header (-isystem): --parse=skip
// instantiates its templates only over a closure (plugin/instantiate.h).
#pragma once

template <typename T> __global__ void lib_kernel(T in) { in.f(); }

// The closure reaches the launch inside a wrapper's template argument.
template <typename F> struct lib_wrap { F f; };
template <typename W> void lib_launch(W w) { lib_kernel<<<1, 1>>>(w); }

// Over a closure, so instantiated; it asks for the user template 'touch'
// (found by ADL), which a system body's request does not instantiate.
template <typename F, typename B> void lib_apply(F f, B b) {
  touch(b);
  f();
}

// Over no closure: not instantiated.
template <typename T> T lib_twice(T t) { return t + t; }

// Over a type of an unnamed namespace: not externally visible, so clang
// requires its definition in the unit; instantiated.
template <typename T> struct lib_holder {
  void visit(T *) const;
};
template <typename T> void lib_holder<T>::visit(T *) const {}
