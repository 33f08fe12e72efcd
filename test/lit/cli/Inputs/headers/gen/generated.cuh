#pragma once
inline void generated_fill(int *p) {
  int g = 2;
  kernel<<<1, 1>>>([&g, p] __device__ (int i) { p[i] = g; });
}
