// stats.cu: clean code, and a finding the team has decided to keep, with
// the reason next to its suppression.
#include "launch.cuh"

void zero(float *out, int n) {
  parallel_for(n, [out] __device__ (int i) { out[i] = 0.0f; });
}

struct Counter {
  int *hits;
  void count(int n) {
    // The object lives in managed memory for its whole life (see docs).
    // NOLINTNEXTLINE(this_addr_capture_ext_lambda)
    parallel_for(n, [=] __device__ (int i) { atomicAdd(hits, i); });
  }
};
