// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --match-full-lines --input-file=%t.cu %s
// After the fixes the macro-hidden case (no fix-it in macros), the name
// whose uses cannot all be renamed and the move are left:
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | grep ': error: ' | count 3
// A second --fix-notes changes nothing:
// RUN: cp %t.cu %t2.cu && not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: diff %t.cu %t2.cu
// A fix-it is a claim (issue 18): the fix-it harness (ctest fixits) checks
// this file's fixes and those of Inputs/hd_init_capture-claim.cu with nvcc.

// An extended __host__ __device__ lambda cannot have init-captures; an
// extended __device__ lambda can.

#include <utility>

#define HD_LAMBDA(init) [init] __host__ __device__

int compute(int);

void hd_init_captures() {
  int a = 1;
  auto l1 = [x = 1] __host__ __device__ () { return x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot have the init-capture 'x' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-2]]:3: note: declare 'x' before the statement and capture it by copy
  // FIXED:  auto x = 1;
  // FIXED-NEXT:  auto l1 = [x] __host__ __device__ () { return x; };
  auto l2 = [a, y{compute(a)}]
      __host__ __device__ () { return a + y; };
  // CHECK: :[[@LINE-2]]:17: error: extended __host__ __device__ lambda cannot have the init-capture 'y' [extended_lambda_hd_init_capture]
  // FIXED:  auto y{compute(a)};
  // FIXED-NEXT:  auto l2 = [a, y]
  if (a > 0)
    (void)[z = a * 2] __host__ __device__ () { return z; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot have the init-capture 'z' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-3]]:3: note: declare 'z' before the statement
  // FIXED:  auto z = a * 2;
  // FIXED-NEXT:  if (a > 0)
  // FIXED-NEXT:    (void)[z] __host__ __device__ () { return z; };
  (void)l1; (void)l2;
}

void compliant() {
  int a = 1;
  auto ok1 = [x = 1] __device__ () { return x; };
  auto ok2 = [x = a] () { return x; };
  auto ok3 = [a] __host__ __device__ () { return a; };
  (void)ok1; (void)ok2; (void)ok3;
}

void macro_hidden() {
  int b = 2;
  auto l = HD_LAMBDA(w = b) () { return w; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot have the init-capture 'w' [extended_lambda_hd_init_capture]
  (void)l;
}

// The local would take the init-capture's name: not when the function
// names it otherwise (issue 18: 'auto n = n * 2;' is a variable in its own
// initializer, 'auto m = 1;' redeclares the parameter). The local then
// takes a name the function never spells, and the body's uses follow.
void names_clash(int n, int m) {
  auto l1 = [n = n * 2] __host__ __device__ () { return n; };
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot have the init-capture 'n' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-2]]:3: note: declare 'n_1' before the statement, capture it by copy and use it in the body ('n' already names something there)
  // FIXED:  auto n_1 = n * 2;
  // FIXED-NEXT:  auto l1 = [n_1] __host__ __device__ () { return n_1; };
  auto l2 = [m = 1] __host__ __device__ () { return m; };
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot have the init-capture 'm' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-2]]:3: note: declare 'm_1' before the statement, capture it by copy and use it in the body ('m' already names
  // FIXED:  auto m_1 = 1;
  // FIXED-NEXT:  auto l2 = [m_1] __host__ __device__ () { return m_1; };
  (void)l1; (void)l2;
}

// A use inside a nested lambda is renamed too; 'k_1' is spelled in the
// function already, so the local is 'k_2'.
void names_nested(int k) {
  int k_1 = 0;
  auto l = [k = k * 3, k_1] __host__ __device__ () {
    auto in = [=] () { return k; };
    return in() + k + k_1;
  };
  // CHECK: :[[@LINE-4]]:13: error: extended __host__ __device__ lambda cannot have the init-capture 'k' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-5]]:3: note: declare 'k_2' before the statement, capture it by copy and use it in the body ('k' already names
  // FIXED:  auto k_2 = k * 3;
  // FIXED-NEXT:  auto l = [k_2, k_1] __host__ __device__ () {
  // FIXED-NEXT:    auto in = [=] () { return k_2; };
  // FIXED-NEXT:    return in() + k_2 + k_1;
  (void)l;
}

// The body spells the name for something else too (a member): no rename.
struct Pt { int n; };
void names_other(int n) {
  Pt p{3};
  auto l = [n = n + 1, p] __host__ __device__ () { return n + p.n; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot have the init-capture 'n' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-2]]:3: note: declare a local before the statement and capture it by copy; 'n' already names something there, so give the local a new name and use it in the body
  // FIXED:  auto l = [n = n + 1, p] __host__ __device__ () { return n + p.n; };
  (void)l;
}

// A moved value would be copied by the hoisted local's capture.
struct Buf { int v; };
void moves() {
  Buf w{4};
  auto l = [v = std::move(w)] __host__ __device__ () { return v.v; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot have the init-capture 'v' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-2]]:17: note: the initializer moves its value; a local captured by copy would copy it instead
  // FIXED:  auto l = [v = std::move(w)] __host__ __device__ () { return v.v; };
  (void)l;
}
