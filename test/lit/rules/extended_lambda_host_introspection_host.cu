// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 -I %S > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 -I %S | count 0
// ORACLE: host

// Host code that inspects 'operator()' of an extended __device__ lambda in a
// way nvcc's front end lets through and its host compiler rejects: in the host
// compilation the lambda is a placeholder whose 'operator()' is a template,
// so '&F::operator()' cannot resolve ("'decltype' cannot resolve address of
// overloaded function"). The traits live in a header, as in real code.

#include "Inputs/function_traits.h"

void function_traits_over_the_closure() {
  auto lam = [] __device__ (int x) { return x * 2; };
  static_assert(function_traits<decltype(lam)>::arity == 1, "");
  // CHECK: :[[@LINE-1]]:17: error: host code inspects 'operator()' of an extended __device__ lambda through 'function_traits' [extended_lambda_host_introspection]
  // CHECK: function_traits.h:4:70: note: in the host compilation 'function_traits' gets nvcc's placeholder '__nv_dl_wrapper_t', whose 'operator()' is a template: '&F::operator()' does not resolve and the host compiler fails
  // CHECK: :[[@LINE-4]]:17: note: annotate the lambda '__host__ __device__' so that host code sees its real 'operator()'; its body then compiles for the host too
  // FIXED: auto lam = [] __host__ __device__ (int x) { return x * 2; };
}

void trailing_return_type() {
  auto lam = [] __device__ (int x) -> int { return x * 2; };
  using P = decltype(&decltype(lam)::operator()); P p = nullptr; (void)p;
  // CHECK: :[[@LINE-1]]:22: error: host code inspects 'operator()' of an extended __device__ lambda by taking its address [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-3]]:14: note: in the host compilation the lambda is nvcc's placeholder '__nv_dl_wrapper_t', whose 'operator()' is a template: its address does not resolve and the host compiler fails
  // CHECK: :[[@LINE-4]]:17: note: annotate the lambda '__host__ __device__'
  // FIXED: auto lam = [] __host__ __device__ (int x) -> int { return x * 2; };
  static_assert(function_traits<decltype(lam)>::arity == 1, "");
  // CHECK: :[[@LINE-1]]:17: error: host code inspects 'operator()' of an extended __device__ lambda through 'function_traits'
  // CHECK: function_traits.h:4:70: note: in the host compilation
  // CHECK: :[[@LINE-9]]:17: note: annotate the lambda '__host__ __device__'
}

// ---- compliant twins ----------------------------------------------------

void host_device_lambda() {
  auto lam = [] __host__ __device__ (int x) { return x * 2; };
  static_assert(function_traits<decltype(lam)>::arity == 1, "");
}

struct Functor {
  __host__ __device__ int operator()(int x) const { return x * 2; }
};

void named_function_object() {
  static_assert(function_traits<Functor>::arity == 1, "");
}
