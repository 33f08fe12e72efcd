// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it removes 'constexpr' from the function's definition, on the note
// (the function can then no longer be called in constant expressions); none
// when an earlier declaration says 'constexpr' too.
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|AFTER)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | FileCheck --check-prefix=AFTER %s --implicit-check-not='{{warning|error}}:'

#define KOKKOS_LAMBDA [=] __host__ __device__

constexpr int stored() {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:8: error: variable 'l' holding an extended __device__ lambda cannot be declared in the constexpr function 'stored' [extended_lambda_in_constexpr_function]
  // CHECK: :[[@LINE-2]]:12: note: the closure type of an extended lambda is not a literal type; drop 'constexpr' from 'stored' (it can then no longer be called in constant expressions)
  return 1;
}
// FIXED: {{^}}int stored() {{{$}}

__host__ __device__ constexpr  int hd_stored() {
  auto hd = KOKKOS_LAMBDA () { return 0; };
  // CHECK: :[[@LINE-1]]:8: error: variable 'hd' holding an extended __host__ __device__ lambda cannot be declared in the constexpr function 'hd_stored' [extended_lambda_in_constexpr_function]
  // CHECK: :[[@LINE-2]]:13: note: {{.*}}; drop 'constexpr' from 'hd_stored' (it can then no longer be called in constant expressions)
  return 1;
}
// FIXED: {{^}}__host__ __device__ int hd_stored() {{{$}}

struct Table {
  constexpr int size() const {
    auto l = [] __device__ () { return 0; };
    // CHECK: :[[@LINE-1]]:10: error: variable 'l' holding an extended __device__ lambda cannot be declared in the constexpr function 'Table::size' [extended_lambda_in_constexpr_function]
    // CHECK: :[[@LINE-2]]:14: note: {{.*}}; drop 'constexpr' from 'Table::size' (it can then no longer be called in constant expressions)
    return 1;
  }
  // FIXED: {{^}}  int size() const {{{$}}
};

constexpr int declared_first();
constexpr int declared_first() {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:8: error: variable 'l' holding an extended __device__ lambda cannot be declared in the constexpr function 'declared_first' [extended_lambda_in_constexpr_function]
  // CHECK: :[[@LINE-2]]:12: note: {{.*}}; drop 'constexpr' from 'declared_first', or define the lambda outside it{{$}}
  // AFTER: error: variable 'l' holding an extended __device__ lambda cannot be declared in the constexpr function 'declared_first' [extended_lambda_in_constexpr_function]
  return 1;
}
// FIXED: {{^}}constexpr int declared_first();{{$}}
// FIXED-NEXT: {{^}}constexpr int declared_first() {{{$}}
