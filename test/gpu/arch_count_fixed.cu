// arch_count.cu rewritten as xlambda's note suggests
// (extended_lambda_arch_dependent_definition: "define it in both
// compilations"): lam1 is defined in the host compilation too, so both
// compilations number lam2 second.
#include <cstdio>
#include <cuda_runtime.h>
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }
__host__ __device__ void foo(void) {
  auto lam1 = [] __device__ { return 0; };
  (void)lam1;
  auto lam2 = [] __device__ { return 4; };
#if !defined(__CUDA_ARCH__)
  kernel<<<1, 1>>>(lam2);
#endif
}
int main() {
  foo();
  cudaError_t e = cudaDeviceSynchronize();
  int h = -1; cudaMemcpyFromSymbol(&h, result, sizeof h);
  printf("sync: %s  device result = %d (expected 4)\n", cudaGetErrorString(e), h);
  return h == 4 ? 0 : 1;
}
