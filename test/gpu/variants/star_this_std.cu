// '[=, *this]' in an extended __host__ __device__ lambda, compiled with
// -std=c++14 and with -std=c++17 (variants/capture_this.sh). nvcc 13.0
// accepts both without an error (g++ warns "'*this' capture only available
// with '-std=c++17'" under C++14) and generates the same code. The object is
// on the host stack: if the device got the pointer rather than a copy, the
// kernel would fault; if it got a copy, it reads 42 even though the host
// object changes after the lambda is made.
#include <cstdio>
#include <cuda_runtime.h>
template <class F> __global__ void kernel(F f, int *out) { *out = f(); }
struct S {
  int v = 42;
  int go(int *out) {
    auto l = [=, *this] __host__ __device__ () { return v; };
    v = 7; // the copy keeps 42
    kernel<<<1, 1>>>(l, out);
    return l();
  }
};
int main() {
  int *out;
  if (cudaMallocManaged(&out, sizeof(int)) != cudaSuccess) { printf("no managed memory\n"); return 1; }
  *out = 0;
  S s; int host = s.go(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("__cplusplus %ld host %d device %d sync: %s\n", (long)__cplusplus, host, *out, cudaGetErrorString(e));
  return (e == cudaSuccess && host == 42 && *out == 42) ? 0 : 1;
}
