// RUN: not %xlambda check --quiet %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++20 %}
// ORACLE: args -std=c++20
// The fix-it removes the specifier, on the finding:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++20 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: not %xlambda check --quiet %t.cu -- -std=c++20 | FileCheck --check-prefix=AFTER %s --implicit-check-not='{{warning|error}}:'
// AFTER: error: extended __host__ __device__ lambda cannot be generic
// FIXED: auto a = [] __device__ () { return 1; };
// FIXED: auto b = [] __host__ __device__ <typename T> (T x) { return x; };

// extended_lambda_constexpr with C++20 'consteval'.

void specifiers() {
  auto a = [] __device__ () consteval { return 1; };
  // CHECK: :[[@LINE-1]]:39: error: extended __device__ lambda cannot be 'consteval' [extended_lambda_constexpr]
  auto b = [] __host__ __device__ <typename T> (T x) consteval { return x; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
  // CHECK: :[[@LINE-2]]:64: error: extended __host__ __device__ lambda cannot be 'consteval' [extended_lambda_constexpr]
  auto ok = [] () consteval { return 2; }; // twin
  (void)a; (void)b; (void)ok;
}
