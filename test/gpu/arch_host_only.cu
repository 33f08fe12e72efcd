// xlambda: extended_lambda_arch_dependent_definition, a lambda defined (and
// launched) only in the host compilation: the device compilation never sees
// it, so it has no device code for the kernel the host launches. nvcc 13.0
// compiles this without a word.
#include <cstdio>
#include <cuda_runtime.h>
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }
__host__ void foo(void) {
#if !defined(__CUDA_ARCH__)
  auto lam = [] __device__ { return 4; };
  kernel<<<1, 1>>>(lam);
#endif
}
int main() {
  foo();
  cudaError_t launch = cudaGetLastError();
  cudaError_t e = cudaDeviceSynchronize();
  int h = -1; cudaMemcpyFromSymbol(&h, result, sizeof h);
  printf("launch: %s  sync: %s  device result = %d (expected 4)\n",
         cudaGetErrorString(launch), cudaGetErrorString(e), h);
  return launch == cudaSuccess && e == cudaSuccess && h == 4 ? 0 : 1;
}
