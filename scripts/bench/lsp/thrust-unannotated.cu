// Benchmark input: thrust.cu with the mistake a Thrust user makes first, a
// lambda left unannotated and given to a device algorithm. The server
// parses such a document twice: its block of headers with their bodies
// skipped, then again with them (docs/editors.md). The line marked EDIT is
// the one scripts/bench/lsp-latency.py rewrites.
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

float saxpy(float a, thrust::device_vector<float> &x,
            thrust::device_vector<float> &y) {
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(),
                    [=](float xi, float yi) { return a * xi + yi; });
  float bias = 1.0f;
  auto shift = [&bias] __device__ (float v) { return v + bias; };
  (void)shift;
  int edited = 0; // EDIT
  return thrust::reduce(y.begin(), y.end()) + edited;
}
