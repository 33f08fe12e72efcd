// RUN: %xlambda check --dump-facts %s -- -std=c++17 | FileCheck %s
// RUN: %xlambda check --dump-facts %s -- -std=c++17 -DTEMPLATE | FileCheck %s
// ORACLE: plugin-skip clang 22's device compilation rejects reads of host variables in the __device__ lambdas ("reference to __host__ variable"), which nvcc accepts

// Only odr-uses capture: a constexpr or const scalar used as a value, an
// operand of sizeof, a static local and a global are not captured; the
// captures come in the order of first use. The same holds in a template
// pattern, where the closure is dependent and has no fields yet.

int global_v;

#ifdef TEMPLATE
template <typename T>
#endif
void f() {
  int a = 1;
  int arr[3] = {1, 2, 3};
  constexpr int N = 4;
  const int K = 5;
  static int s = 6;
  double unused_in_body = 0;
  auto l = [=] __device__ () {
    return arr[0] + N + K + s + global_v + (int)sizeof(unused_in_body) + a;
  };
  (void)l;
}

// CHECK: "captures": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "var",
// CHECK-NEXT: "name": "arr",
// CHECK: "kind": "var",
// CHECK-NEXT: "name": "a",
// CHECK-NOT: "name": "N"
// CHECK-NOT: "name": "K"
// CHECK-NOT: "name": "s"
// CHECK-NOT: "name": "global_v"
// CHECK-NOT: "name": "unused_in_body"
// CHECK: "uses":
