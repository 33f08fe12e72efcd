// xlambda: extended_lambda_host_return_type. In the host compilation nvcc
// replaces the __device__ lambda with a placeholder whose operator() returns
// int, so std::invoke_result_t is 'int' on the host and 'double' on the
// device. The host sizes the output buffer with it. nvcc 13.0 compiles this
// without a word.
#include <cstdio>
#include <type_traits>
#include <cuda_runtime.h>
template <class F> __global__ void fill(int n, F f, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(i);
}
template <class F> __global__ void device_size(F f, unsigned *size) {
  *size = (unsigned)sizeof(decltype(f(0)));
}
int main() {
  const int n = 1 << 20;
  auto lam = [] __device__ (int i) -> double { return 1.5 * i; };
  using R = std::invoke_result_t<decltype(lam), int>;
  unsigned *dsize, hsize = 0;
  cudaMalloc(&dsize, sizeof *dsize);
  device_size<<<1, 1>>>(lam, dsize);
  cudaMemcpy(&hsize, dsize, sizeof hsize, cudaMemcpyDeviceToHost);
  double *out;
  cudaMalloc(&out, n * sizeof(R)); /* n results of the lambda, as the host sees them */
  fill<<<(n + 255) / 256, 256>>>(n, lam, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("result type: %zu bytes on the host, %u on the device; buffer %zu bytes for %zu bytes of results; sync: %s\n",
         sizeof(R), hsize, n * sizeof(R), n * sizeof(double), cudaGetErrorString(e));
  return e == cudaSuccess && sizeof(R) == hsize ? 0 : 1;
}
