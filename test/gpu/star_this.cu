// xlambda: extended_lambda_star_this_copy. [=, *this] copies the whole
// object, std::vector member included, into the closure; the kernel's copy
// of the closure is destroyed on the device, running std::vector's host
// destructor there. nvcc 13.0 only warns, at a line of a CUDA header
// ("calling a __host__ function ... from a __host__ __device__ function is
// not allowed").
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
template <class F> __global__ void run(int n, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) f(i); }
struct Fancy {
  int n; double *array; double factor;
  std::vector<int> host_data;
  void set_values() {
    run<<<(n + 127) / 128, 128>>>(n, [=, *this] __device__ (int i) { array[i] = factor * i; });
  }
};
int main() {
  Fancy f; f.n = 1000; f.factor = 2.0; f.host_data.assign(100, 7);
  cudaMalloc(&f.array, f.n * sizeof(double));
  f.set_values();
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  double h[4] = {0, 0, 0, 0};
  if (e == cudaSuccess) {
    cudaMemcpy(h, f.array + 996, sizeof h, cudaMemcpyDeviceToHost);
    printf("tail %g %g %g %g (expected 1992 1994 1996 1998)\n", h[0], h[1], h[2], h[3]);
  }
  return e == cudaSuccess && h[3] == 1998 ? 0 : 1;
}
