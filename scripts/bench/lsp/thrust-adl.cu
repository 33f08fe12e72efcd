// Benchmark input: a file that includes Thrust and calls one of its
// algorithms unqualified (`using namespace thrust`) with an extended
// lambda, in a function that takes a std type: nvcc's placeholder for the
// lambda adds namespace std to the call's argument-dependent lookup, so
// each check looks 'for_each' up in std, whose declarations are in the
// document's precompiled headers (lib/frontend/docfuncs.c). The line
// marked EDIT is the one lsp-latency.py changes.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>

#include <vector>

using namespace thrust;

void scale(std::vector<float> &v, float a) {
  device_vector<float> d(v.begin(), v.end());
  for_each(device, d.begin(), d.end(), [a] __device__(float &x) { x *= a; });
  int edited = 0; // EDIT
  (void)edited;
}
