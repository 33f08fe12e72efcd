// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// cuda::std::invoke_result of an extended __device__ lambda inside the
// function template that receives it. nvcc 13.0's front end accepts it
// (the oracle runs `nvcc -cuda` on this file); the host compile (`nvcc -c`)
// fails inside cccl's invoke.h ("static assertion failed: Attempt to use an
// extended __device__ lambda in a context that requires querying its return
// type in host code"), with "required from" lines at the query and at the
// call. xlambda reports it at the query.

#include <cuda/std/type_traits>

template <class F> int by_cccl(F f) { return sizeof(cuda::std::invoke_result_t<F, int>); }
// CHECK: :[[@LINE-1]]:64: error: host code inspects 'operator()' of an extended __device__ lambda through 'cuda::std::invoke_result_t' [extended_lambda_host_introspection]
template <class F> int by_cccl_result_of(F f) { return sizeof(typename cuda::std::result_of<F(int)>::type); }
// CHECK: :[[@LINE-1]]:83: error: host code inspects 'operator()' of an extended __device__ lambda through 'cuda::std::result_of' [extended_lambda_host_introspection]

int violating() {
  auto lam = [] __device__ (int x) { return 1.5 * x; };
  // CHECK: :[[@LINE-1]]:14: note: the lambda's return type is deduced, and host code sees only nvcc's placeholder: the host compile rejects the query with a static assertion
  // CHECK: :[[@LINE-2]]:28: note: write the return type ('-> T') so that host code can know it
  return by_cccl(lam) + by_cccl_result_of(lam);
}

// compliant twins: a trailing return type, a __host__ __device__ lambda
int compliant() {
  auto trailing = [] __device__ (int x) -> double { return 1.5 * x; };
  auto hd = [] __host__ __device__ (int x) { return 1.5 * x; };
  return by_cccl(trailing) + by_cccl(hd) + by_cccl_result_of(hd);
}
