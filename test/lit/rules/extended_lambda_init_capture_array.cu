// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|AFTER)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | FileCheck --check-prefix=AFTER %s --implicit-check-not='{{warning|error}}:'
// ORACLE: host

// nvcc 13.0 rejects an init-capture initialised from an array, although ISO
// C++ would deduce a pointer: a local array, or a member array of an object,
// but not an array with static storage duration (a global or a static: the
// compliant twins below; measured). Where the initializer is a local array the
// body never names, a note offers to capture the array itself: the lambda
// then holds a copy of the array where C++ would hold a pointer to it (a
// host pointer, which the device could not have read anyway).

struct Table { int v[4]; };
struct NoDefault { NoDefault(int v) : v(v) {} int v; };
int global_table[4] = {1, 2, 3, 4};

void array_init_captures() {
  int table[4] = {1, 2, 3, 4};
  double grid[2][3] = {};
  auto l1 = [t = table] __device__ () { return t[0]; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot init-capture 't' from the array 'table' [extended_lambda_init_capture_array]
  // CHECK: :[[@LINE-2]]:18: note: the initializer has array type 'int[4]'
  // CHECK: :[[@LINE-3]]:14: note: capture the array 'table' itself and use its name in the body: the lambda then holds a copy of it, not a pointer to it
  // FIXED: auto l1 = [table] __device__ () { return table[0]; };
  auto l2 = [g = grid] __device__ () { return g[0][0] + g[1][2]; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot init-capture 'g' from the array 'grid' [extended_lambda_init_capture_array]
  // CHECK: :[[@LINE-2]]:18: note: the initializer has array type 'double[2][3]'
  // CHECK: :[[@LINE-3]]:14: note: capture the array 'grid' itself
  // FIXED: auto l2 = [grid] __device__ () { return grid[0][0] + grid[1][2]; };
  int n = 2;
  auto l3 = [=, t = table] __device__ (int i) { return t[i] * n; };
  // CHECK: :[[@LINE-1]]:17: error: extended __device__ lambda cannot init-capture 't' from the array 'table'
  // CHECK: :[[@LINE-2]]:21: note: the initializer has array type 'int[4]'
  // CHECK: :[[@LINE-3]]:17: note: capture the array 'table' itself
  // FIXED: auto l3 = [=] __device__ (int i) { return table[i] * n; };
  auto l4 = [n, t = table] __device__ () { return n; };
  // CHECK: :[[@LINE-1]]:17: error: extended __device__ lambda cannot init-capture 't' from the array 'table'
  // CHECK: :[[@LINE-2]]:21: note: the initializer has array type 'int[4]'
  // CHECK: :[[@LINE-3]]:17: note: capture the array 'table' itself: the lambda then holds a copy of it, not a pointer to it
  // FIXED: auto l4 = [n, table] __device__ () { return n; };

  // No fix: the body names 'table' for something else, the array is a
  // member (capturing it would need the object), or the elements cannot be
  // captured by copy.
  auto r1 = [t = table] __device__ () { int table = 1; return t[0] + table; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot init-capture 't' from the array 'table'
  // CHECK: :[[@LINE-2]]:18: note: the initializer has array type 'int[4]'
  // AFTER: error: extended __device__ lambda cannot init-capture 't' from the array 'table'
  Table member = {{1, 2, 3, 4}};
  auto r2 = [t = member.v] __device__ () { return t[0]; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot init-capture 't' from the array 'member.v'
  // CHECK: :[[@LINE-2]]:18: note: the initializer has array type 'int[4]'
  // AFTER: error: extended __device__ lambda cannot init-capture 't' from the array 'member.v'
  NoDefault nd[2] = {1, 2};
  auto r3 = [a = nd] __device__ () { return a[0].v; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot init-capture 'a' from the array 'nd'
  // CHECK: :[[@LINE-2]]:18: note: the initializer has array type 'NoDefault[2]'
  // AFTER: error: extended __device__ lambda cannot init-capture 'a' from the array 'nd'

  // compliant twins: capture the array itself, or an explicit pointer
  auto ok1 = [table] __device__ () { return table[0]; };
  auto ok2 = [t = &table[0]] __device__ () { return t[0]; };
  Table tb = {{1, 2, 3, 4}};
  auto ok3 = [t = tb] __device__ () { return t.v[0]; };
  static int local_static[4];
  auto ok4 = [t = global_table] __device__ () { return t[0]; };
  auto ok5 = [t = local_static] __device__ () { return t[0]; };
  (void)l1; (void)l2; (void)l3; (void)l4; (void)r1; (void)r2; (void)r3;
  (void)ok1; (void)ok2; (void)ok3; (void)ok4; (void)ok5;
}
