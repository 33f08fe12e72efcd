// arch_count.cu rewritten as xlambda's note suggests
// (extended_lambda_arch_dependent_definition: "define it in both
// compilations"), and with the launch out of the #if. arch_count.cu has a
// second fault that nvcc also compiles silently and that xlambda does not
// report: a kernel launched only under '#if !defined(__CUDA_ARCH__)' inside a
// __host__ __device__ function is never instantiated in the device
// compilation ("invalid device function" on an H100 even with no lambda
// before lam2; test/gpu/README.md). So foo becomes __host__ and launches
// without an #if.
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
