// RUN: not %xlambda check --quiet %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++20 %}
// ORACLE: args -std=c++20

// extended_lambda_in_constexpr_function in a C++20 consteval function.

consteval int stored() {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:8: error: variable 'l' holding an extended __device__ lambda cannot be declared in the consteval function 'stored' [extended_lambda_in_constexpr_function]
  return 1;
}

consteval int plain() { auto l = [] () { return 0; }; return l(); } // twin
