// issue 18: an extended __device__ lambda inside an extended __host__
// __device__ lambda (nvcc rejects it: this original does not compile).
// xlambda's note removes the inner annotation: an unannotated lambda in the
// body of a __host__ __device__ lambda is compiled for both sides, so the
// inner lambda must still run on the device and compute the same values.
#include <cstdio>
#include <cuda_runtime.h>
template <class F> __global__ void run(int n, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) f(i); }
int main() {
  const int n = 256;
  int *out = nullptr;
  cudaMalloc(&out, n * sizeof(int));
  int k = 3;
  auto outer = [=] __host__ __device__ (int i) {
    auto sq = [=] __device__ (int v) { return v * v + k; };
    out[i] = sq(i);
  };
  run<<<1, n>>>(n, outer);
  cudaError_t e = cudaDeviceSynchronize();
  int h[n];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += h[i] != i * i + k;
  printf("sync: %s  out[5] = %d (expected %d)  mismatches: %d\n",
         cudaGetErrorString(e), h[5], 5 * 5 + k, bad);
  return e == cudaSuccess && bad == 0 ? 0 : 1;
}
