// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

// ORACLE: host
// A functor class defined in the function that gives it to a Thrust
// algorithm on the device: the kernel CUB instantiates with it takes a
// type defined in a __host__ function. nvcc 13.0's front end accepts the
// file (CUB launches through a function pointer), but the host compilation
// of the stub nvcc writes fails with no line of this file ("template
// argument 2 is invalid", in a .cudafe1.stub.c; nvcc -c). xlambda
// follows the functor through Thrust and CUB and reports the call; its
// note moves the class to namespace scope, and the fixed file compiles.
// The same functor on the host, or one at namespace scope, is fine. Alone
// in its file: the oracle counts nvcc's failure elsewhere as this line's.
#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>

#include <algorithm>
#include <vector>

void on_device(thrust::device_vector<int> &v) {
  struct setter { __device__ void operator()(int &x) const { x = 1; } };
  thrust::for_each(v.begin(), v.end(), setter{});
  // CHECK: :[[@LINE-1]]:11: error: 'setter' cannot be a template argument of the __global__ function '{{.*}}static_kernel': it is defined in a __host__ function [global_func_local_template_arg]
  // CHECK: :[[@LINE-3]]:10: note: 'setter' declared here; move it to namespace scope
  // CHECK: cub/device/dispatch/dispatch_for.cuh:{{[0-9]+}}:{{[0-9]+}}: note: the library launches '{{.*}}static_kernel' here
}
// NOTES: struct setter { __device__ void operator()(int &x) const { x = 1; } };
// NOTES-EMPTY:
// NOTES-NEXT: void on_device(thrust::device_vector<int> &v) {

// Compliant twins.
struct setter_ns { __device__ void operator()(int &x) const { x = 1; } };
void twins(thrust::device_vector<int> &v, thrust::host_vector<int> &h,
           std::vector<int> &s) {
  thrust::for_each(v.begin(), v.end(), setter_ns{});
  struct hsetter { void operator()(int &x) const { x = 1; } };
  thrust::for_each(h.begin(), h.end(), hsetter{});
  struct less { bool operator()(int a, int b) const { return a < b; } };
  std::sort(s.begin(), s.end(), less{});
}
