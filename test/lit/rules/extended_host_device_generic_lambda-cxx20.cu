// RUN: not %xlambda check --quiet %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++20 %}
// ORACLE: args -std=c++20

// extended_host_device_generic_lambda with C++20 template lambdas (the
// annotation right after the capture list, where nvcc accepts it).

void generic() {
  auto a = [] __host__ __device__ <typename T> (T x) { return x; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
  auto ok = [] __device__ <typename T> (T x) { return x; }; // twin
  (void)a; (void)ok;
}
