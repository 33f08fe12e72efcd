// arch_count_host.cu rewritten as xlambda's note suggests
// (extended_lambda_arch_dependent_definition: "define it in both
// compilations"): lam1 is defined in the host compilation too, so both
// compilations number lam2 second.
#include <cstdio>
#include <cuda_runtime.h>
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }
__host__ void foo(void) {
  auto lam1 = [] __device__ { return 0; };
  (void)lam1;
  auto lam2 = [] __device__ { return 4; };
  kernel<<<1, 1>>>(lam2);
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
