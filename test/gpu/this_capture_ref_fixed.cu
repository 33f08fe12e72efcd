// issue 18: '[&] __device__' in a member function that uses members (nvcc
// rejects the by-reference capture: this original does not compile). The old
// note turned it into '[=]', which compiles silently and captures the host
// 'this' (this_capture.cu: an illegal memory access). xlambda's note now
// makes it '[=, *this]' in one step; the fixed program must compute
// array[i] = factor * i on the device.
#include <cstdio>
#include <cuda_runtime.h>
template <class F> __global__ void run(int n, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) f(i); }
struct Fancy {
  int n; double *array; double factor;
  void set_values() {
    run<<<(n + 127) / 128, 128>>>(n, [=, *this] __device__ (int i) { array[i] = factor * i; });
  }
};
int main() {
  Fancy f; f.n = 1000; f.factor = 2.0;
  cudaMalloc(&f.array, f.n * sizeof(double));
  f.set_values();
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  if (e != cudaSuccess) return 1;
  double h[4];
  cudaMemcpy(h, f.array + 996, sizeof h, cudaMemcpyDeviceToHost);
  printf("tail %g %g %g %g\n", h[0], h[1], h[2], h[3]);
  return h[0] == 1992 && h[3] == 1998 ? 0 : 1;
}
