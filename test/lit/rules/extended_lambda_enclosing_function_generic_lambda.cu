// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// An extended lambda cannot be defined inside a generic lambda, annotated
// or not, at any depth. nvcc 13.0 reports it at the inner lambda's
// parameter list, at the definition.

#define DEVICE_LAMBDA [=] __device__

void nested() {
  auto g = [] (auto x) {
    auto d = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined inside a generic lambda [extended_lambda_enclosing_function_generic_lambda]
    // CHECK: :[[@LINE-3]]:12: note: enclosing generic lambda defined here
    return x + d();
  };
  auto v = [] (auto... xs) {
    auto plain = [] () {
      auto d = DEVICE_LAMBDA () { return 2; };
      // CHECK: :[[@LINE-1]]:30: error: extended __device__ lambda cannot be defined inside a generic lambda [extended_lambda_enclosing_function_generic_lambda]
      return d;
    };
    return sizeof...(xs);
  };
  auto dg = [] __device__ (auto x) {
    auto in_device = [] __device__ () { return 3; }; // device code: fine
    return x + in_device();
  };

  // compliant twins: inside a non-generic lambda, an unannotated lambda
  // inside a generic one
  auto ok1 = [] (int x) {
    auto d = [] __device__ () { return 4; };
    return x;
  };
  auto ok2 = [] (auto x) {
    auto p = [] () { return 5; };
    return x + p();
  };
  (void)g; (void)v; (void)dg; (void)ok1; (void)ok2;
}
