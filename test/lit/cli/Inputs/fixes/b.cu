#include "common.cuh"
struct S {
  int *m;
  void r() { kernel<<<1, 1>>>([=] __device__ (int i) { m[i] = 0; }); }
};
