// arch_count.cu with a __host__ enclosing function, so that the kernel launch
// needs no #if: the one thing that differs between the compilations is the
// number of extended lambdas before lam2. xlambda:
// extended_lambda_arch_dependent_definition. nvcc 13.0 compiles this without
// a word; the host launches kernel<lambda #1 of foo>, but the device
// compilation only has kernel<lambda #2 of foo>.
#include <cstdio>
#include <cuda_runtime.h>
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }
__host__ void foo(void) {
  auto lam1 = [] __device__ { return 0; };
#if defined(__CUDA_ARCH__)
  (void)lam1;
#endif
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
