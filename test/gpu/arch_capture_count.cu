// xlambda: extended_lambda_arch_dependent_capture, different capture counts.
// The lambda captures 'a' in the host compilation and 'a', 'b' in the device
// compilation. Alone, that fails nvcc's host compilation ("nvcc internal
// error: unexpected number of captures!"); here another extended lambda of
// the file captures two variables in the host compilation too, and nvcc 13.0
// compiles the program without a word (checked with nvcc -c).
#include <cstdio>
#include <cuda_runtime.h>
__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in(); }
int main() {
  int a = 1, b = 41;
  auto lam = [=] __device__ {
#ifdef __CUDA_ARCH__
    return a + b;
#else
    return a;
#endif
  };
  auto other = [a, b] __device__ { return a * b; };
  (void)other;
  kernel<<<1, 1>>>(lam);
  cudaError_t e = cudaDeviceSynchronize();
  int h = -1; cudaMemcpyFromSymbol(&h, result, sizeof h);
  printf("sync: %s  device result = %d (expected 42)\n", cudaGetErrorString(e), h);
  return e == cudaSuccess && h == 42 ? 0 : 1;
}
