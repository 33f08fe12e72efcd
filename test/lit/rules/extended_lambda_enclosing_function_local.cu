// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The function enclosing an extended lambda cannot be a member of a class
// defined inside a function (at any depth). nvcc 13.0 reports it at the
// lambda's parameter list. (The example of the CUDA programming guide.)

#define KOKKOS_LAMBDA [=] __host__ __device__

void foo(void) {
  struct S1_t {
    void bar(void) {
      // Error: bar is member of a class that is local to a function.
      auto lam4 = [] __host__ __device__ { return 0; };
      // CHECK: :[[@LINE-1]]:42: error: extended __host__ __device__ lambda cannot be defined in 'S1_t::bar', a member function of a class defined inside a function [extended_lambda_enclosing_function_local]
      // CHECK: :[[@LINE-5]]:10: note: 'S1_t' is defined inside a function; move it to namespace scope
      (void)lam4;
    }
    struct Nested {
      void run() {
        auto l = KOKKOS_LAMBDA (int i) { return i; };
        // CHECK: :[[@LINE-1]]:32: error: extended __host__ __device__ lambda cannot be defined in 'S1_t::Nested::run', a member function of a class defined inside a function [extended_lambda_enclosing_function_local]
        (void)l;
      }
    };
  };
  auto outer = [] () {
    struct InLambda {
      void run() {
        auto l = [] __device__ () { return 1; };
        // CHECK: :[[@LINE-1]]:32: error: extended __device__ lambda cannot be defined in 'InLambda::run', a member function of a class defined inside a function [extended_lambda_enclosing_function_local]
        (void)l;
      }
    };
    return 0;
  };
  // compliant twins: the lambda in foo itself, an unannotated lambda in the
  // local class
  auto ok = [] __device__ () { return 2; };
  struct Local {
    void run() { auto l = [] () { return 3; }; (void)l; }
  };
  (void)outer; (void)ok;
}

struct AtNamespaceScope { // twin
  void bar() { auto l = [] __host__ __device__ { return 0; }; (void)l; }
};
