// Included by both translation units: its fix is applied once.
#pragma once
template <class F> __global__ void kernel(F f) { f(0); }
inline void common(int *p) {
  int c = 0;
  kernel<<<1, 1>>>([&c, p] __device__ (int i) { p[i] = c; });
}
