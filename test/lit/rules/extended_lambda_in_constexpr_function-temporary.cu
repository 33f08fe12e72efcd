// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// An extended lambda passed on without a variable in a constexpr function:
// nvcc 13.0's front end lets it through, and the host compiler rejects the
// stub nvcc gives it (g++ 12: "temporary of non-literal type
// '__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), passed, 1> >' in a constant
// expression"), at the lambda, in C++17 and C++20 alike, whether or not the
// function is ever evaluated.

#define KOKKOS_LAMBDA [=] __host__ __device__

template <class F> constexpr int call(F f) { return 1; }

constexpr int passed() { return call([] __device__ () { return 0; }); }
// CHECK: :[[@LINE-1]]:38: error: a temporary holding an extended __device__ lambda cannot be created in the constexpr function 'passed' [extended_lambda_in_constexpr_function]
// CHECK: :[[@LINE-2]]:38: note: the closure type of an extended lambda is not a literal type; drop 'constexpr' from 'passed' (it can then no longer be called in constant expressions)

__host__ __device__ constexpr int hd_passed(int x) {
  return call(KOKKOS_LAMBDA (int i) { return i + x; });
  // CHECK: :[[@LINE-1]]:15: error: a temporary holding an extended __host__ __device__ lambda cannot be created in the constexpr function 'hd_passed' [extended_lambda_in_constexpr_function]
}

// compliant twins: a plain lambda, a function that is not constexpr
constexpr int plain() { return call([] () { return 0; }); }
int not_constexpr() { return call([] __device__ () { return 0; }); }

int use() { return passed() + hd_passed(1) + plain() + not_constexpr(); }
