// RUN: not %xlambda check --quiet %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++20 %}
// ORACLE: args -std=c++20

// extended_lambda_enclosing_function_generic_lambda with a C++20 template
// lambda.

void nested() {
  auto t = []<typename T> (T x) {
    auto d = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined inside a generic lambda [extended_lambda_enclosing_function_generic_lambda]
    return x;
  };
  auto ok = [] (int x) { // compliant twin
    auto d = [] __device__ () { return 2; };
    return x;
  };
  (void)t; (void)ok;
}
