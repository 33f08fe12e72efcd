// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// An extended lambda cannot be nested in lambdas of which the outermost is
// not in the body of a function: a default argument, a default member
// initializer, a namespace-scope variable. nvcc 13.0 reports it (under this
// tag) at the inner lambda's parameter list. Written directly there, without
// an enclosing lambda, it is accepted.

#define DEVICE_LAMBDA [] __device__

void default_argument(int (*p)() = [] () {
  auto q = [] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined inside a lambda that is not in the body of a function [extended_lambda_enclosing_function_not_found]
  // CHECK: :[[@LINE-3]]:36: note: the outermost enclosing lambda is not in the body of a function
  return 1; }) {}

struct Member {
  int (*p)() = [] () {
    auto q = DEVICE_LAMBDA () { return 2; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined inside a lambda that is not in the body of a function [extended_lambda_enclosing_function_not_found]
    return 2; };
};

auto global = [] () {
  auto mid = [] () {
    auto q = [] __host__ __device__ () { return 3; };
    // CHECK: :[[@LINE-1]]:37: error: extended __host__ __device__ lambda cannot be defined inside a lambda that is not in the body of a function [extended_lambda_enclosing_function_not_found]
    return q;
  };
  return 3; };

// compliant twins: directly in those places, or nested in a function body
void direct(int (*p)() = nullptr, int d = ([] __device__ () { return 4; }, 4)) {}
struct DirectMember {
  int v = ([] __device__ () { return 5; }, 5);
};
void in_body() {
  auto outer = [] () {
    auto q = [] __device__ () { return 6; };
    return 6; };
  (void)outer;
}
