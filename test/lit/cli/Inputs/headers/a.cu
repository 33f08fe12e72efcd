#include "shared.cuh"
#include "generated.cuh"
#include <vendor.cuh>
void a(int *p) {
  int x = 0;
  kernel<<<1, 1>>>([&x, p] __device__ (int i) { p[i] = x; });
}
