#include "common.cuh"
void a(int *p) {
  int x = 0;
  kernel<<<1, 1>>>([&] __device__ (int i) { p[i] = x; });
  auto h = [y = 1] __host__ __device__ (int i) { return y + i; };
  (void)h;
}
