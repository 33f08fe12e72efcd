// arch_capture.cu through a library: the closure goes to thrust::transform
// on the device, which gives it to CUB's kernel by value. The host builds
// the closure with x1 and copies it; the device reads x2 from x1's place.
// nvcc gives no diagnostic.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/transform.h>
int main() {
  int x1 = 1; int x2 = 40;
  thrust::device_vector<int> v(1, 0);
  thrust::transform(v.begin(), v.end(), v.begin(),
                    [=] __host__ __device__ (int) {
#ifdef __CUDA_ARCH__
                      return x2 + 2;
#else
                      return x1 + 10;
#endif
                    });
  cudaError_t e = cudaDeviceSynchronize();
  int h = v[0];
  printf("sync: %s  device result = %d (expected 42)\n", cudaGetErrorString(e), h);
  return h == 42 ? 0 : 1;
}
