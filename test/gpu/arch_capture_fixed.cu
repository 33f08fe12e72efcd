// CUDA guide restriction: captured variables must not depend on __CUDA_ARCH__
// when the closure is passed from host to device. nvcc gives no diagnostic.
#include <cstdio>
#include <cuda_runtime.h>
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }
int main() {
  int x1 = 1; int x2 = 40;
  auto lam1 = [x1, x2] __host__ __device__ {
#ifdef __CUDA_ARCH__
    return x2 + 2;
#else
    return x1 + 10;
#endif
  };
  kernel<<<1, 1>>>(lam1);
  cudaError_t e = cudaDeviceSynchronize();
  int h = -1; cudaMemcpyFromSymbol(&h, result, sizeof h);
  printf("sync: %s  device result = %d (expected 42)\n", cudaGetErrorString(e), h);
  return h == 42 ? 0 : 1;
}
