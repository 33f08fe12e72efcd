// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// Arrays of up to 7 dimensions may be captured; more may not.

void ranks() {
  int a8[1][1][1][1][1][1][1][2] = {};
  int a7[1][1][1][1][1][1][2] = {};
  auto l1 = [=] __device__ () { return a8[0][0][0][0][0][0][0][1]; };
  // CHECK: :[[@LINE-1]]:40: error: extended __device__ lambda cannot capture the array 'a8' of type 'int[1][1][1][1][1][1][1][2]': it has 8 dimensions, more than 7 [extended_lambda_array_capture_rank]
  // CHECK: :[[@LINE-4]]:7: note: 'a8' declared here
  auto l2 = [a8] __host__ __device__ () { return a8[0][0][0][0][0][0][0][0]; };
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot capture the array 'a8' of type 'int[1][1][1][1][1][1][1][2]': it has 8 dimensions, more than 7 [extended_lambda_array_capture_rank]
  // CHECK: :[[@LINE-7]]:7: note: 'a8' declared here

  // compliant twins: 7 dimensions, and a pointer to the 8-dimensional array
  auto ok1 = [=] __device__ () { return a7[0][0][0][0][0][0][1]; };
  auto ok2 = [p = &a8] __device__ () { return (*p)[0][0][0][0][0][0][0][1]; };
  (void)l1; (void)l2; (void)ok1; (void)ok2;
}
