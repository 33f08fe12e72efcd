// A particle update written in the Kokkos style: a tiny parallel_for
// launcher and a KOKKOS_LAMBDA-like macro. It compiles with nvcc, and it is
// wrong: the lambda in Particles::advance reads members, so it captures
// `this`, a host pointer, and the kernel faults on the GPU.
#include <cstdio>
#include <cuda_runtime.h>

#define XL_LAMBDA [=] __host__ __device__
#define XL_DEVICE_LAMBDA [=] __device__

template <class F> __global__ void for_each_kernel(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <class F> void parallel_for(int n, F f) {
  for_each_kernel<<<(n + 255) / 256, 256>>>(n, f);
}

struct Particles {
  int n;
  float *x, *v;
  float dt;

  void advance() {
    parallel_for(n, XL_DEVICE_LAMBDA(int i) { x[i] += v[i] * dt; });
  }

  void advance_fixed() {
    float *px = x, *pv = v;
    float step = dt;
    parallel_for(n, XL_DEVICE_LAMBDA(int i) { px[i] += pv[i] * step; });
  }
};

void scale(float *data, int n, float factor) {
  float total = 0;
  parallel_for(n, [&] __device__ (int i) { data[i] *= factor; });
  parallel_for(n, [data, factor] __device__ (int i) { data[i] *= factor; });
  (void)total;
}
