// Kokkos style: KOKKOS_LAMBDA in a member function that touches members
// captures `this` (a host pointer) by value; nvcc accepts it without any
// diagnostic (C++17, default flags). Kokkos defines KOKKOS_CLASS_LAMBDA
// beside it, which also captures *this by copy: xlambda's note writes it.
#include <cstdio>
#include <cuda_runtime.h>
#define KOKKOS_LAMBDA [=] __host__ __device__
#define KOKKOS_CLASS_LAMBDA [ =, *this ] __host__ __device__
template <class F> __global__ void run(int n, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) f(i); }
template <class F> void parallel_for(int n, F f) { run<<<(n + 127) / 128, 128>>>(n, f); }
struct Fancy {
  int n; double *array; double factor;
  void set_values() {
    parallel_for(n, KOKKOS_LAMBDA (int i) { array[i] = factor * i; });
  }
};
int main() {
  Fancy f; f.n = 1000; f.factor = 2.0;
  cudaMalloc(&f.array, f.n * sizeof(double));
  f.set_values();
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  if (e == cudaSuccess) { double h[4]; cudaMemcpy(h, f.array + 996, sizeof h, cudaMemcpyDeviceToHost); printf("tail %g %g %g %g\n", h[0], h[1], h[2], h[3]); if (h[3] != 1998.0) return 1; }
  return e == cudaSuccess ? 0 : 1;
}
