// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: %xlambda check --quiet %s -- -std=c++14 | FileCheck --check-prefix=CXX14 %s --implicit-check-not='{{warning|error}}:'
// RUN: grep -Ev '^ *// (RUN|CHECK|CXX14|FIXED|AFTER)' %s > %t.cu
// RUN: %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 -I %S > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 -I %S | FileCheck --check-prefix=AFTER %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 -I %S > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s

// KOKKOS_LAMBDA in a member function that uses a member captures 'this'
// (a host pointer); Kokkos defines KOKKOS_CLASS_LAMBDA beside it for this
// case, '[=, *this]'. The fix writes that name for the macro (the edit is
// outside the macro's expansion: the name where it is written). xlambda
// reads both definitions; it does not go by the names.

#include "Inputs/kokkos_setup.h"
#include <vector>

template <class F> __global__ void run(F f) { f(0); }

struct Fancy {
  double factor;
  double *array;
  void set_values() {
    run<<<1, 1>>>(KOKKOS_LAMBDA (int i) { array[i] = factor * i; });
    // CHECK: :[[@LINE-1]]:43: warning: extended __host__ __device__ lambda implicitly captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
    // CHECK: :[[@LINE-2]]:19: note: write 'KOKKOS_CLASS_LAMBDA', which also captures '*this' by copy, to take the object to the device
    // CXX14: :[[@LINE-3]]:43: warning: extended __host__ __device__ lambda implicitly captures 'this'
    // CXX14: :[[@LINE-4]]:19: note: copy the members the lambda uses into local variables and capture those
    // FIXED: run<<<1, 1>>>(KOKKOS_CLASS_LAMBDA (int i) { array[i] = factor * i; });
  }
};

// No fix: '*this' would copy a std::vector to the device
// (extended_lambda_star_this_copy), or the macro has no twin.
struct Holder {
  std::vector<int> v;
  int *out;
  void submit() {
    run<<<1, 1>>>(KOKKOS_LAMBDA (int i) { out[i] = 1; });
    // CHECK: :[[@LINE-1]]:43: warning: extended __host__ __device__ lambda implicitly captures 'this'
    // CHECK: :[[@LINE-2]]:19: note: copy the members the lambda uses into local variables and capture those
    // CXX14: :[[@LINE-3]]:43: warning: extended __host__ __device__ lambda implicitly captures 'this'
    // CXX14: :[[@LINE-4]]:19: note: copy the members
    // AFTER: warning: extended __host__ __device__ lambda implicitly captures 'this'
  }
};

struct Plain {
  int *out;
  void submit() {
    run<<<1, 1>>>(PROJECT_LAMBDA (int i) { out[i] = 1; });
    // CHECK: :[[@LINE-1]]:44: warning: extended __device__ lambda implicitly captures 'this'
    // CHECK: :[[@LINE-2]]:19: note: copy the members the lambda uses into local variables and capture those
    // CXX14: :[[@LINE-3]]:44: warning: extended __device__ lambda implicitly captures 'this'
    // CXX14: :[[@LINE-4]]:19: note: copy the members
    // AFTER: warning: extended __device__ lambda implicitly captures 'this'
  }
};

// compliant twin
struct Fixed {
  double factor;
  double *array;
  void set_values() {
    run<<<1, 1>>>(KOKKOS_CLASS_LAMBDA (int i) { array[i] = factor * i; });
  }
};
