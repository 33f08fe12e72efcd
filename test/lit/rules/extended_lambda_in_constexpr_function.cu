// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// A variable holding an extended lambda cannot be declared in a constexpr
// function: nvcc 13.0 rejects it ("variable type ... in constexpr function
// is not a literal type"; an error without a diagnostic tag), at the
// variable.

#define KOKKOS_LAMBDA [=] __host__ __device__

constexpr int stored() {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:8: error: variable 'l' holding an extended __device__ lambda cannot be declared in the constexpr function 'stored' [extended_lambda_in_constexpr_function]
  // CHECK: :[[@LINE-2]]:12: note: the closure type of an extended lambda is not a literal type; drop 'constexpr' from 'stored'
  return 1;
}

__host__ __device__ constexpr int hd_stored() {
  auto hd = KOKKOS_LAMBDA () { return 0; };
  // CHECK: :[[@LINE-1]]:8: error: variable 'hd' holding an extended __host__ __device__ lambda cannot be declared in the constexpr function 'hd_stored' [extended_lambda_in_constexpr_function]
  return 1;
}

// compliant twins: a plain lambda, a function that is not constexpr (a
// lambda passed on without a variable is rejected by the host compile:
// extended_lambda_in_constexpr_function-temporary.cu)
constexpr int plain() { auto l = [] () { return 0; }; return l(); }
int not_constexpr() { auto l = [] __device__ () { return 0; }; (void)l; return 1; }
