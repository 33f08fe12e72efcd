// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --parse=full %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: cp %s %t.cu && %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: diff %s %t.cu

// Calls written in a macro's argument, as thrust writes its dispatch
// ('THRUST_CDP_DISPATCH((r = cuda_cub::unique_copy(policy, ...);), ...)').
// The qualifier and the name expand to one place; their spellings tell a
// qualified call from an unqualified one.
#define DISPATCH(stmt)                                                         \
  do {                                                                         \
    stmt                                                                       \
  } while (0)

namespace N1 {
struct S1_t {};
template <typename T> int foo(T) { return 1; }
} // namespace N1

namespace N2 {
template <typename T> int foo(T) { return 2; }
template <typename T> int qualified(T in) {
  int r = 0;
  DISPATCH(r = N2::foo(in););
  return r;
}
template <typename T> int unqualified(T in) {
  int r = 0;
  DISPATCH(r = foo(in););
  return r;
}
} // namespace N2

// A qualified call has no argument-dependent lookup: nvcc 13.0 compiles
// it, and the host calls N2::foo.
int qualified_in_a_macro(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::qualified(lam);
}

// An unqualified one is the CUDA guide's ambiguity ("call of overloaded
// 'foo(...)' is ambiguous" in nvcc 13.0's host compilation). The note
// offers no fix-it in a macro's expansion.
int unqualified_in_a_macro(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::unqualified(lam);
  // CHECK: :[[@LINE-1]]:26: warning: unqualified call to 'foo' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-19]]:3: note: the unqualified call is here
  // CHECK: :[[@LINE-32]]:27: note: in the host compilation lookup also finds this 'foo'
  // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-22]]:3: note: qualify the call ('N2::foo')
}
