// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// ORACLE: host

// Host code that inspects 'operator()' of an extended __device__ lambda whose
// return type is deduced: nvcc 13.0's front end rejects each of these
// ("A non-constexpr __device__ function ("operator()") with "auto" deduced
// return type cannot be directly referenced outside the bodies of device
// functions", and a static assertion in cuda::std::invoke_result). The
// host-compiler failures are in extended_lambda_host_introspection_host.cu.

#include <utility>
#include <cuda/std/type_traits>

void deduced_return_type() {
  auto lam = [] __device__ (int x) { return x * 2; };
  using P = decltype(&decltype(lam)::operator());
  // CHECK: :[[@LINE-1]]:22: error: host code inspects 'operator()' of an extended __device__ lambda by taking its address [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-3]]:14: note: the lambda's return type is deduced, so nvcc's front end rejects any reference to its 'operator()' outside device code
  // CHECK: :[[@LINE-4]]:17: note: annotate the lambda '__host__ __device__' so that host code sees its real 'operator()'; its body then compiles for the host too
  decltype(lam(1)) r = 0;
  // CHECK: :[[@LINE-1]]:12: error: host code inspects 'operator()' of an extended __device__ lambda by calling it in an unevaluated operand [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-7]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-8]]:28: note: write the return type ('-> T') so that host code can know it
  using R = decltype(std::declval<decltype(lam)>()(1));
  // CHECK: :[[@LINE-1]]:22: error: host code inspects 'operator()' of an extended __device__ lambda by calling it in an unevaluated operand [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-11]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-12]]:28: note: write the return type
  using C = cuda::std::invoke_result_t<decltype(lam), int>;
  // CHECK: :[[@LINE-1]]:24: error: host code inspects 'operator()' of an extended __device__ lambda through 'cuda::std::invoke_result_t' [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-15]]:14: note: the lambda's return type is deduced, and host code sees only nvcc's placeholder: nvcc's front end rejects the query with a static assertion
  // CHECK: :[[@LINE-16]]:28: note: write the return type
  // The four notes' edits together (duplicates are applied once):
  // FIXED: auto lam = [] __host__ __device__ (int x) -> int { return x * 2; };
  P p = nullptr;
  (void)p; (void)r; (void)sizeof(R); (void)sizeof(C);
}

// ---- compliant twins ----------------------------------------------------

// A trailing return type answers the queries that only need the type.
void trailing_return_type() {
  auto lam = [] __device__ (int x) -> int { return x * 2; };
  decltype(lam(1)) r = 0;
  using C = cuda::std::invoke_result_t<decltype(lam), int>;
  (void)r; (void)sizeof(C);
}

// __host__ __device__ lambdas keep their call operator on the host.
void host_device_lambda() {
  auto lam = [] __host__ __device__ (int x) { return x * 2; };
  using P = decltype(&decltype(lam)::operator());
  decltype(lam(1)) r = 0;
  using C = cuda::std::invoke_result_t<decltype(lam), int>;
  P p = nullptr;
  (void)p; (void)r; (void)sizeof(C);
}

// Device code may inspect anything.
__device__ void in_device_code() {
  auto lam = [] (int x) { return x * 2; };
  using P = decltype(&decltype(lam)::operator());
  P p = nullptr;
  (void)p;
}
