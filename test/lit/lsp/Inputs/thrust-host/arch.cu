// An extended lambda whose captures differ under __CUDA_ARCH__, given to
// Thrust calls that run on the host: the server, which reads no Thrust
// body, reports it as `xlambda check` does, without the note that a
// library body was not parsed (same-as-check.py reads the arguments of the
// next line).
// RUN: %xlambda check %s -- -std=c++17
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>

void on_host(thrust::host_vector<int> &h, int *raw, int n) {
  int k = 3;
  thrust::for_each(thrust::host, h.begin(), h.end(),
                   [=] __host__ __device__ (int &x) {
#ifdef __CUDA_ARCH__
                     x = k;
#endif
                   });
  thrust::for_each(raw, raw + n, [=] __host__ __device__ (int &x) {
#ifdef __CUDA_ARCH__
    x = k;
#endif
  });
}
