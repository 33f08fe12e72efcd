// Benchmark input: a Thrust file that runs its algorithms on the host
// (thrust::host, a host_vector) with lambdas that are not extended, as a
// Thrust user writes host code. The server parses it once: a host policy
// runs the lambda on the host (lib/frontend/cccl_host.c). The line marked
// with the word EDIT is the one scripts/bench/lsp-latency.py rewrites.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

float saxpy(float a, thrust::host_vector<float> &x,
            thrust::host_vector<float> &y) {
  thrust::transform(thrust::host, x.begin(), x.end(), y.begin(), y.begin(),
                    [=](float xi, float yi) { return a * xi + yi; });
  int edited = 0; // EDIT
  return thrust::reduce(thrust::host, y.begin(), y.end()) + edited;
}
