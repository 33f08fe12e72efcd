#pragma once
inline void vendor_fill(int *p) {
  int s = 3;
  kernel<<<1, 1>>>([&s, p] __device__ (int i) { p[i] = s; });
}
