// Kokkos lambda guide / CUDA guide: an extended __device__ lambda in a member
// function that touches members captures `this` (a host pointer) by value.
// nvcc accepts it without any diagnostic (C++17, default flags).
#include <cstdio>
#include <cuda_runtime.h>
template <class F> __global__ void run(int n, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) f(i); }
struct Fancy {
  int n; double *array; double factor;
  void set_values() {
    run<<<(n + 127) / 128, 128>>>(n, [=, *this] __device__ (int i) { array[i] = factor * i; });
  }
  void set_values_fixed() {
#ifdef USE_STAR_THIS
    run<<<(n + 127) / 128, 128>>>(n, [=, *this] __device__ (int i) { array[i] = factor * i; });
#endif
  }
};
int main(int argc, char **argv) {
  Fancy f; f.n = 1000; f.factor = 2.0;
  cudaMalloc(&f.array, f.n * sizeof(double));
#ifdef USE_STAR_THIS
  f.set_values_fixed();
#else
  f.set_values();
#endif
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  if (e == cudaSuccess) { double h[4]; cudaMemcpy(h, f.array + 996, sizeof h, cudaMemcpyDeviceToHost); printf("tail %g %g %g %g\n", h[0], h[1], h[2], h[3]); }
  return e == cudaSuccess ? 0 : 1;
}
