// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet --parse=full %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// ORACLE: host

// CCCL algorithms that ask for the result type of the function object they
// are given, in host code: cuda::std::__invoke_of then rejects an extended
// __device__ lambda whose return type is deduced. nvcc 13.0's host
// compilation fails with "static assertion failed: Attempt to use an
// extended __device__ lambda in a context that requires querying its return
// type in host code", deep in CUB, "required from here" at each call below.
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/inner_product.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/transform_scan.h>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cuda/functional>

float thrust_calls(thrust::device_vector<float> &d, thrust::device_vector<float> &o) {
  auto add = [] __device__(float x, float y) { return x + y; };
  // FIXED: auto add = [] __device__(float x, float y) -> float { return x + y; };
  auto twice = [] __device__(float x) { return 2 * x; };
  // FIXED: auto twice = [] __device__(float x) -> float { return 2 * x; };
  auto sum = [] __device__(float x, float y) { return x + y; };
  // FIXED: auto sum = [] __device__(float x, float y) -> float { return x + y; };
  auto acc = [] __device__(float x, float y) { return x + y; };
  // FIXED: auto acc = [] __device__(float x, float y) -> float { return x + y; };
  auto half = [] __device__(float x) { return x / 2; };
  // FIXED: auto half = [] __device__(float x) -> float { return x / 2; };
  float s = thrust::reduce(d.begin(), d.end(), 0.0f, add);
  // CHECK: :[[@LINE-1]]:54: error: host code inspects 'operator()' of an extended __device__ lambda through 'thrust::reduce' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-12]]:14: note: the lambda's return type is deduced, and host code sees only nvcc's placeholder: the host compile rejects the query with a static assertion
  // CHECK: :[[@LINE-13]]:27: note: write the return type ('-> T') so that host code can know it
  s += thrust::transform_reduce(d.begin(), d.end(), twice, 0.0f, thrust::plus<float>());
  // CHECK: :[[@LINE-1]]:53: error: {{.*}} through 'thrust::transform_reduce' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-14]]:16: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-15]]:29: note: write the return type
  s += thrust::transform_reduce(d.begin(), d.end(), thrust::negate<float>(), 0.0f, sum);
  // CHECK: :[[@LINE-1]]:84: error: {{.*}} through 'thrust::transform_reduce' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-16]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-17]]:27: note: write the return type
  s += thrust::inner_product(d.begin(), d.end(), o.begin(), 0.0f, acc, thrust::multiplies<float>());
  // CHECK: :[[@LINE-1]]:67: error: {{.*}} through 'thrust::inner_product' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-18]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-19]]:27: note: write the return type
  thrust::transform_inclusive_scan(d.begin(), d.end(), o.begin(), half, thrust::plus<float>());
  // CHECK: :[[@LINE-1]]:67: error: {{.*}} through 'thrust::transform_inclusive_scan' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-20]]:15: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-21]]:28: note: write the return type
  return s;
}

void cub_calls(const float *in, float *out, int *keys, int *keys_out, int *offsets, int *count) {
  size_t bytes = 0;
  auto add = [] __device__(float x, float y) { return x + y; };
  // FIXED: auto add = [] __device__(float x, float y) -> float { return x + y; };
  auto mul = [] __device__(float x, float y) { return x * y; };
  // FIXED: auto mul = [] __device__(float x, float y) -> float { return x * y; };
  auto neg = [] __device__(float x) { return -x; };
  // FIXED: auto neg = [] __device__(float x) -> float { return -x; };
  auto max = [] __device__(float x, float y) { return x > y ? x : y; };
  // FIXED: auto max = [] __device__(float x, float y) -> float { return x > y ? x : y; };
  auto min = [] __device__(float x, float y) { return x < y ? x : y; };
  // FIXED: auto min = [] __device__(float x, float y) -> float { return x < y ? x : y; };
  cub::DeviceReduce::Reduce(nullptr, bytes, in, out, 4, add, 0.0f);
  // CHECK: :[[@LINE-1]]:57: error: {{.*}} through 'cub::DeviceReduce::Reduce' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-12]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-13]]:27: note: write the return type
  cub::DeviceReduce::TransformReduce(nullptr, bytes, in, out, 4, mul, neg, 0.0f);
  // CHECK: :[[@LINE-1]]:66: error: {{.*}} through 'cub::DeviceReduce::TransformReduce' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-14]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-15]]:27: note: write the return type
  // CHECK: :[[@LINE-4]]:71: error: {{.*}} through 'cub::DeviceReduce::TransformReduce' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-15]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-16]]:27: note: write the return type
  cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out, max, 4);
  // CHECK: :[[@LINE-1]]:59: error: {{.*}} through 'cub::DeviceScan::InclusiveScan' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-17]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-18]]:27: note: write the return type
  cub::DeviceSegmentedReduce::Reduce(nullptr, bytes, in, out, 2, offsets, offsets + 1, min, 0.0f);
  // CHECK: :[[@LINE-1]]:88: error: {{.*}} through 'cub::DeviceSegmentedReduce::Reduce' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-19]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-20]]:27: note: write the return type
  auto plus = [] __device__(float x, float y) { return x + y; };
  // FIXED: auto plus = [] __device__(float x, float y) -> float { return x + y; };
  cub::DeviceReduce::ReduceByKey(nullptr, bytes, keys, keys_out, in, out, count, plus, 4);
  // CHECK: :[[@LINE-1]]:82: error: {{.*}} through 'cub::DeviceReduce::ReduceByKey' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-4]]:15: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-5]]:28: note: write the return type
}

// Compliant: a written return type, a __host__ __device__ lambda,
// cuda::proclaim_return_type, and the algorithms that do not ask (measured:
// nvcc 13.0 compiles each).
float compliant(thrust::device_vector<float> &d, thrust::device_vector<float> &o) {
  auto add = [] __device__(float x, float y) -> float { return x + y; };
  auto hd = [] __host__ __device__(float x, float y) { return x + y; };
  auto bare = [] __device__(float x, float y) { return x + y; };
  auto twice = [] __device__(float x) { return 2 * x; };
  float s = thrust::reduce(d.begin(), d.end(), 0.0f, add);
  s += thrust::reduce(d.begin(), d.end(), 0.0f, hd);
  s += thrust::reduce(d.begin(), d.end(), 0.0f, cuda::proclaim_return_type<float>(bare));
  thrust::inclusive_scan(d.begin(), d.end(), o.begin(), bare);
  thrust::exclusive_scan(d.begin(), d.end(), o.begin(), 0.0f, bare);
  thrust::transform(d.begin(), d.end(), o.begin(), twice);
  thrust::transform_inclusive_scan(d.begin(), d.end(), o.begin(), thrust::negate<float>(), bare);
  return s;
}
