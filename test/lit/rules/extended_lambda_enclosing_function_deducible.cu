// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t.cu %s
// A file that writes 'T* p' gets 'Pool&' and 'float*' (issue 18), and the
// fixed file is a claim: nvcc accepts it, nothing new, a second run changes
// nothing.
// RUN: cp %S/Inputs/deducible-left-style.cu %t2.cu
// RUN: not %xlambda check --quiet --fix-notes %t2.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=LEFT --match-full-lines --input-file=%t2.cu %s
// LEFT:  Pool& submit() {
// LEFT: static float* get() {

// The function enclosing an extended lambda cannot have a deduced return
// type. nvcc 13.0 reports it at the lambda's parameter list (its body when
// it has none), in templates at the definition. When the deduced type can
// be written there, a note offers it (it changes the declaration: a note,
// not the finding).

#include <string>

#define KOKKOS_LAMBDA [=] __host__ __device__

auto deduced_int() {
  auto l = [] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'deduced_int': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:1: note: 'deduced_int' returns 'int'; write it instead
  // NOTES: int deduced_int() {
  (void)l;
  return 1;
}

decltype(auto) deduced_ref() {
  static double d = 1.0;
  auto l = KOKKOS_LAMBDA { return 2; };
  // CHECK: :[[@LINE-1]]:26: error: extended __host__ __device__ lambda cannot be defined in 'deduced_ref': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-4]]:1: note: 'deduced_ref' returns 'double &'; write it instead
  // NOTES: double &deduced_ref() {
  (void)l;
  return (d);
}

auto deduced_string() {
  auto l = [] __device__
    ()
    { return 3; };
  // CHECK: :[[@LINE-2]]:5: error: extended __device__ lambda cannot be defined in 'deduced_string': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-5]]:1: note: 'deduced_string' returns 'std::string'; write it instead
  // NOTES: std::string deduced_string() {
  (void)l;
  return std::string("x");
}

auto deduced_void() {
  auto l = [] __device__ { return 4; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'deduced_void': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // NOTES: void deduced_void() {
  (void)l;
}

// Written as the file writes pointers ('float *p'), not as clang prints
// them ('static float * deduced_pointer()', issue 18).
static float *data;
static auto deduced_pointer() {
  auto l = [] __device__ () { return 5; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'deduced_pointer': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:8: note: 'deduced_pointer' returns 'float *'; write it instead
  // NOTES: static float *deduced_pointer() {
  (void)l;
  return data;
}

// Not spellable there: a local type. No fix.
auto deduced_local() {
  struct L { int v; };
  auto l = [] __device__ () { return 5; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'deduced_local': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-4]]:1: note: 'deduced_local' is declared with a deduced return type here; write the return type
  // NOTES: auto deduced_local() {
  (void)l;
  return L{1};
}

// In a template: at the definition, once, instantiated or not. Every
// return gives the template parameter 'T' (a 'const T &' too, as 'auto'
// drops the reference and the 'const'), so every instantiation deduces 'T'.
template <typename T> auto in_template(T t) {
  auto l = [] __device__ () { return 6; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'in_template': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:23: note: 'in_template' returns 'T'; write it instead
  // NOTES: template <typename T> T in_template(T t) {
  (void)l;
  if (t < T())
    return T();
  return t;
}
template <typename T> auto by_ref(const T &t) {
  auto l = [] __device__ () { return 6; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'by_ref': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:23: note: 'by_ref' returns 'T'; write it instead
  // NOTES: template <typename T> T by_ref(const T &t) {
  (void)l;
  return t;
}
template <typename T> auto builtin(T) {
  auto l = [] __device__ () { return 6; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'builtin': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:23: note: 'builtin' returns 'int'; write it instead
  // NOTES: template <typename T> int builtin(T) {
  (void)l;
  return 3;
}

// Not spellable from the pattern: a dependent expression, returns that
// differ, a 'return' only inside the lambda (the function returns void, but
// 'decltype(auto)' is left alone). No fix.
template <typename T> auto dependent(T t) {
  auto l = [] __device__ () { return 6; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'dependent': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:23: note: 'dependent' is declared with a deduced return type here; write the return type
  // NOTES: template <typename T> auto dependent(T t) {
  (void)l;
  return t.size();
}
template <typename T> auto differ(T t, int k) {
  auto l = [] __device__ () { return 6; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'differ': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:23: note: 'differ' is declared with a deduced return type here; write the return type
  // NOTES: template <typename T> auto differ(T t, int k) {
  (void)l;
  if (k)
    return k;
  return t;
}
template <typename T> decltype(auto) keeps_refs(T &t) {
  auto l = [] __device__ () { return 6; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'keeps_refs': its return type is deduced [extended_lambda_enclosing_function_deducible]
  // CHECK: :[[@LINE-3]]:23: note: 'keeps_refs' is declared with a deduced return type here; write the return type
  // NOTES: template <typename T> decltype(auto) keeps_refs(T &t) {
  (void)l;
  return (t);
}

struct Widget {
  auto member() {
    auto outer = [] () {
      auto l = [] __device__ () { return 7; };
      // CHECK: :[[@LINE-1]]:30: error: extended __device__ lambda cannot be defined in 'Widget::member': its return type is deduced [extended_lambda_enclosing_function_deducible]
      // NOTES: int member() {
      return l;
    };
    (void)outer;
    return 0;
  }
};

// compliant twins: a written or trailing return type, an unannotated lambda
int written() { auto l = [] __device__ () { return 8; }; (void)l; return 0; }
auto trailing() -> int { auto l = [] __device__ () { return 9; }; (void)l; return 0; }
auto plain() { auto l = [] () { return 10; }; return l(); }

struct Sized { int size() const { return 1; } };

int use() {
  int r = 0;
  return in_template(1) + in_template(2.0) + Widget().member() + by_ref(1) +
         builtin(1) + dependent(Sized()) + differ(1, 0) + keeps_refs(r);
}
