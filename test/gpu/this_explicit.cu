// An extended __device__ lambda that captures 'this' explicitly ('[this]')
// in a member function: the same host pointer as the implicit capture of
// this_capture.cu. nvcc 13.0 compiles it without a word, even with
// -Wext-lambda-captures-this. With -DMANAGED the object lives in managed
// memory, where the pointer is valid on the device (variants/capture_this.sh).
#include <cstdio>
#include <new>
#include <cuda_runtime.h>
template <class F> __global__ void run(int n, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) f(i); }
struct Fancy {
  int n; double *array; double factor;
  void set_values() {
    run<<<(n + 127) / 128, 128>>>(n, [this] __device__ (int i) { array[i] = factor * i; });
  }
};
int main() {
#ifdef MANAGED
  void *mem; cudaMallocManaged(&mem, sizeof(Fancy));
  Fancy &f = *new (mem) Fancy;
#else
  Fancy f;
#endif
  f.n = 1000; f.factor = 2.0;
  cudaMalloc(&f.array, f.n * sizeof(double));
  f.set_values();
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  if (e == cudaSuccess) { double h[4]; cudaMemcpy(h, f.array + 996, sizeof h, cudaMemcpyDeviceToHost); printf("tail %g %g %g %g\n", h[0], h[1], h[2], h[3]); }
  return e == cudaSuccess ? 0 : 1;
}
