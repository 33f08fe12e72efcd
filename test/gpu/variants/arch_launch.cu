#include <cstdio>
#include <cuda_runtime.h>
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }
QUAL void foo(void) {
#if V_LAM1 == 1
#if defined(__CUDA_ARCH__)
  auto lam1 = [] __device__ { return 0; };
  (void)lam1;
#endif
#elif V_LAM1 == 2
  auto lam1 = [] __device__ { return 0; };
  (void)lam1;
#elif V_LAM1 == 3
#if !defined(__CUDA_ARCH__)
  auto lam1 = [] __device__ { return 0; };
  (void)lam1;
#endif
#endif
  auto lam2 = [] __device__ { return 4; };
#if GUARD_LAUNCH
#if !defined(__CUDA_ARCH__)
  kernel<<<1, 1>>>(lam2);
#endif
#else
  kernel<<<1, 1>>>(lam2);
#endif
}
int main() {
  foo();
  cudaError_t l = cudaGetLastError();
  cudaError_t e = cudaDeviceSynchronize();
  int h = -1; cudaMemcpyFromSymbol(&h, result, sizeof h);
  printf("launch: %s sync: %s device result = %d (expected 4)\n", cudaGetErrorString(l), cudaGetErrorString(e), h);
  return h == 4 ? 0 : 1;
}
