// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '[{"directory":"%%s","file":"%%s","arguments":["nvcc","-std=c++17","-c","%%s"]}]' %S %s %s > %t/compile_commands.json
// RUN: not %xlambda check --quiet -p %t %s | FileCheck %s --implicit-check-not='{{warning|error}}:'
// With the flag, or with clang (which needs none), the rule is silent (the
// extended lambdas are then checked by the other rules):
// RUN: printf '[{"directory":"%%s","file":"%%s","arguments":["nvcc","--extended-lambda","-std=c++17","-c","%%s"]}]' %S %s %s > %t/compile_commands.json
// RUN: %xlambda check --quiet --rules='-*,extended_lambda_disallowed' -p %t %s | FileCheck --allow-empty --check-prefix=FLAG %s
// RUN: %xlambda check --quiet --rules='-*,extended_lambda_disallowed' %s -- -std=c++17 | FileCheck --allow-empty --check-prefix=FLAG %s
// RUN: %if plugin %{ %plugin_check builds %s -- '-fplugin-arg-xlambda-rules=-*,extended_lambda_disallowed' -std=c++17 | FileCheck --allow-empty --check-prefix=FLAG %s %}
// RUN: %if plugin %{ %plugin_verify --prefixes FLAG %s -- '-fplugin-arg-xlambda-rules=-*,extended_lambda_disallowed' -std=c++17 %}
// FLAG-NOT: {{warning|error}}:
// ORACLE: no-extended-lambda

// Without '--extended-lambda', nvcc 13.0 rejects every lambda annotated
// __host__ or __device__ (in device code too) at its parameter list, and
// treats none of them as an extended lambda (no other extended-lambda
// error follows). Only nvcc commands are concerned.

#define KOKKOS_LAMBDA [=] __host__ __device__

void annotated() {
  int x = 1;
  auto a = [&] __device__ () { return x; };
  // CHECK: :[[@LINE-1]]:27: error: __device__ lambda requires nvcc's '--extended-lambda' flag [extended_lambda_disallowed]
  // CHECK: :[[@LINE-2]]:12: note: add '--extended-lambda' to the nvcc command line
  auto b = KOKKOS_LAMBDA (auto i) { return i + x; };
  // CHECK: :[[@LINE-1]]:26: error: __host__ __device__ lambda requires nvcc's '--extended-lambda' flag [extended_lambda_disallowed]
  auto c = [] __host__ () { return 2; };
  // CHECK: :[[@LINE-1]]:24: error: __host__ lambda requires nvcc's '--extended-lambda' flag [extended_lambda_disallowed]
  auto ok = [x] () { return x; }; // compliant twin
  (void)a; (void)b; (void)c; (void)ok;
}

__device__ int in_device_code() {
  auto d = [] __device__ { return 3; };
  // CHECK: :[[@LINE-1]]:26: error: __device__ lambda requires nvcc's '--extended-lambda' flag [extended_lambda_disallowed]
  auto ok = [] { return 4; }; // compliant twin
  return d() + ok();
}
