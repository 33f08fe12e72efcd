// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// nvcc 13.0 rejects an init-capture initialised from an array, although ISO
// C++ would deduce a pointer.

struct Table { int v[4]; };

void array_init_captures() {
  int table[4] = {1, 2, 3, 4};
  double grid[2][3] = {};
  auto l1 = [t = table] __device__ () { return t[0]; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot init-capture 't' from the array 'table' [extended_lambda_init_capture_array]
  // CHECK: :[[@LINE-2]]:18: note: the initializer has array type 'int[4]'
  auto l2 = [g = grid] __device__ () { return g[0][0]; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot init-capture 'g' from the array 'grid' [extended_lambda_init_capture_array]
  // CHECK: :[[@LINE-2]]:18: note: the initializer has array type 'double[2][3]'

  // compliant twins: capture the array itself, or an explicit pointer
  auto ok1 = [table] __device__ () { return table[0]; };
  auto ok2 = [t = &table[0]] __device__ () { return t[0]; };
  Table tb = {{1, 2, 3, 4}};
  auto ok3 = [t = tb] __device__ () { return t.v[0]; };
  (void)l1; (void)l2; (void)ok1; (void)ok2; (void)ok3;
}
