// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The note moves the type to namespace scope (issue 18), before the
// outermost declaration around its function, in the same namespace:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --match-full-lines --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// A second --fix-notes changes nothing (nvcc's verdict on the fixed file:
// the fix-it harness, ctest fixits):
// RUN: cp %t.cu %t2.cu && %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: diff %t.cu %t2.cu

// A local type that names only itself and namespace-scope entities moves
// whole: several findings (and rules) proposing one move apply it once.

template <typename T> struct Box { T t; };
int scale(int v) { return 2 * v; }

namespace ns {
// FIXED: namespace ns {
// FIXED-NEXT: struct L {
// FIXED-NEXT:   int x;
// FIXED-NEXT:   __host__ __device__ int twice() const { return scale(x); }
// FIXED-NEXT: };
// FIXED-EMPTY:
// FIXED-NEXT: enum class E { e0, e1 };
// FIXED-EMPTY:
// FIXED-NEXT: void locals() {
// FIXED-NEXT:   L l{1};
void locals() {
  struct L {
    int x;
    __host__ __device__ int twice() const { return scale(x); }
  };
  enum class E { e0, e1 };
  L l{1};
  E e = E::e1;
  Box<L> box{l};
  auto c1 = [l] __device__ () { return l.twice(); };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'l': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-10]]:10: note: 'L' declared here; move it to namespace scope
  auto c2 = [e] __device__ () { return (int)e; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'e': its type involves 'E', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-9]]:14: note: 'E' declared here; move it to namespace scope
  auto c3 = [box] __device__ () { return box.t.x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'box': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-9]]:10: note: 'box' declared here with type 'Box<L>'
  // CHECK: :[[@LINE-17]]:10: note: 'L' declared here; move it to namespace scope
  (void)c1; (void)c2; (void)c3;
}
} // namespace ns

// A member function defined in its class: before the class.
// FIXED: struct Q { int w; };
// FIXED-EMPTY:
// FIXED-NEXT: struct Runner {
struct Runner {
  void run() {
    struct Q { int w; };
    Q q{3};
    auto c = [q] __device__ () { return q.w; };
    // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'q': its type involves 'Q', a type local to a function [extended_lambda_capture_local_type]
    // CHECK: :[[@LINE-4]]:12: note: 'Q' declared here; move it to namespace scope
    (void)c;
  }
};

void use() { Runner().run(); }
