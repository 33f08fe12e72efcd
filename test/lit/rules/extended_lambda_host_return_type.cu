// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

// In the host compilation nvcc replaces an extended __device__ lambda with a
// placeholder whose 'operator()' returns 'int' unless the lambda writes its
// return type. std::invoke_result and std::result_of then answer 'int' on
// the host, silently (nvcc 13.0 compiles all of this; measured in
// test/gpu/host_return_type.cu: sizeof 4 instead of 8).

#include <type_traits>

struct Pair { float a, b; };

void deduced_double() {
  auto lam = [] __device__ (int x) { return 1.5 * x; };
  using R = std::invoke_result_t<decltype(lam), int>;
  // CHECK: :[[@LINE-1]]:18: error: 'std::invoke_result_t' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
  // CHECK: :[[@LINE-3]]:14: note: the lambda's return type is deduced; in the host compilation nvcc replaces it with a placeholder whose 'operator()' returns 'int'
  // CHECK: :[[@LINE-4]]:36: note: write the return type: '-> double'
  // FIXED: auto lam = [] __device__ (int x) -> double { return 1.5 * x; };
  R r = 0;
  (void)r;
}

void deduced_struct_result_of() {
  auto lam = [] __device__ { return Pair{1.f, 2.f}; };
  using R = std::result_of<decltype(lam)()>::type;
  // CHECK: :[[@LINE-1]]:18: error: 'std::result_of' of an extended __device__ lambda is 'int' in the host compilation, not 'Pair' [extended_lambda_host_return_type]
  // CHECK: :[[@LINE-3]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-4]]:28: note: write the return type: '-> Pair'
  // FIXED: auto lam = [] __device__ () -> Pair { return Pair{1.f, 2.f}; };
  (void)sizeof(R);
}

// ---- compliant twins ----------------------------------------------------

void trailing_return_type() {
  auto lam = [] __device__ (int x) -> double { return 1.5 * x; };
  using R = std::invoke_result_t<decltype(lam), int>;
  static_assert(sizeof(R) == sizeof(double), "");
}

void deduced_int() {
  auto lam = [] __device__ (int x) { return x + 1; };
  using R = std::invoke_result_t<decltype(lam), int>;
  (void)sizeof(R);
}

void host_device_lambda() {
  auto lam = [] __host__ __device__ (int x) { return 1.5 * x; };
  using R = std::invoke_result_t<decltype(lam), int>;
  static_assert(sizeof(R) == sizeof(double), "");
}
