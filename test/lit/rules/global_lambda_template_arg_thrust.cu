// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet --parse=full %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

// A lambda left unannotated and given to a Thrust algorithm that runs on
// the device: nvcc 13.0 rejects the kernel CUB instantiates with it
// ("calling a constexpr __host__ function("operator()") from a __device__
// function"), at the end of an instantiation trace that starts at the call.
// xlambda follows the closure through Thrust and CUB to that kernel and
// reports the call. The same algorithms on the host take any lambda.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <algorithm>
#include <vector>

void on_device(thrust::device_vector<int> &d) {
  thrust::for_each(d.begin(), d.end(), [](int &x) { x = 1; });
  // CHECK: :[[@LINE-1]]:11: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function '{{.*}}static_kernel' [global_lambda_template_arg]
  // CHECK: :[[@LINE-2]]:40: note: lambda defined here; annotate it '__device__' to make it an extended lambda
  // CHECK: cub/device/dispatch/dispatch_for.cuh:{{[0-9]+}}:{{[0-9]+}}: note: the library launches '{{.*}}static_kernel' here
  // NOTES: thrust::for_each(d.begin(), d.end(), [] __device__ (int &x) { x = 1; });
  thrust::transform(d.begin(), d.end(), d.begin(), [](int x) { return x + 1; });
  // CHECK: :[[@LINE-1]]:11: error: {{.*}} '{{.*}}transform_kernel' [global_lambda_template_arg]
  // CHECK: :[[@LINE-2]]:52: note: lambda defined here
  // CHECK: note: the library launches
  // NOTES: thrust::transform(d.begin(), d.end(), d.begin(), [] __device__ (int x) { return x + 1; });
  thrust::sort(d.begin(), d.end(), [](int a, int b) { return a > b; });
  // CHECK: :[[@LINE-1]]:11: error: {{.*}} [global_lambda_template_arg]
  // CHECK: :[[@LINE-2]]:36: note: lambda defined here
  // CHECK: note: the library launches
  // NOTES: thrust::sort(d.begin(), d.end(), [] __device__ (int a, int b) { return a > b; });
}

void on_device_raw(int *raw, int n) {
  thrust::for_each(thrust::device, raw, raw + n, [](int &x) { x = 2; });
  // CHECK: :[[@LINE-1]]:11: error: {{.*}} '{{.*}}static_kernel' [global_lambda_template_arg]
  // CHECK: :[[@LINE-2]]:50: note: lambda defined here
  // CHECK: note: the library launches
  // NOTES: thrust::for_each(thrust::device, raw, raw + n, [] __device__ (int &x) { x = 2; });
}

// Compliant twins: extended lambdas on the device, any lambda on the host.
void on_device_annotated(thrust::device_vector<int> &d) {
  thrust::for_each(d.begin(), d.end(), [] __device__ (int &x) { x = 1; });
  thrust::transform(d.begin(), d.end(), d.begin(),
                    [] __host__ __device__ (int x) { return x + 1; });
}

void on_host(thrust::host_vector<int> &h, std::vector<int> &s) {
  thrust::for_each(h.begin(), h.end(), [](int &x) { x = 1; });
  thrust::sort(h.begin(), h.end(), [](int a, int b) { return a > b; });
  thrust::transform(thrust::host, s.data(), s.data() + s.size(), s.data(),
                    [](int x) { return x + 1; });
  std::sort(s.begin(), s.end(), [](int a, int b) { return a > b; });
}
