// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// ORACLE: host
// thrust::count_if with a lambda left unannotated: nvcc 13.0's front end
// accepts it (CUB launches the kernel through a function pointer, and the
// lambda is called from __host__ __device__ code only), but the host
// compilation of the stub nvcc writes, which names the kernel's
// specialization, fails with no line of this file ("template argument 1
// is invalid", in a .cudafe1.stub.c). So do thrust::remove_if, all_of,
// find_if, equal, is_sorted, unique and reduce over a transform_iterator
// (each measured alone, nvcc -c). xlambda reports the call. Alone in its
// file: the oracle counts nvcc's failure elsewhere as this line's.
#include <thrust/count.h>
#include <thrust/device_vector.h>

long positives(thrust::device_vector<float> &d) {
  return thrust::count_if(d.begin(), d.end(), [](float x) { return x > 0.0f; });
  // CHECK: :[[@LINE-1]]:18: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function '{{.*}}' [global_lambda_template_arg]
  // CHECK: :[[@LINE-2]]:47: note: lambda defined here; annotate it '__device__' to make it an extended lambda
  // CHECK: note: the library launches
}
