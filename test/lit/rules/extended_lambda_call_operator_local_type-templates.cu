// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// extended_lambda_call_operator_local_type per instantiation (a file of its
// own: nvcc instantiates only when no error came before).

template <typename T> int takes() {
  auto h = [] __host__ __device__ (T *t) { return t != nullptr; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot use 'M', a type local to a function, in the parameter or return types of its 'operator()' [extended_lambda_call_operator_local_type]
  // CHECK: :[[@LINE+12]]:10: note: 'M' declared here; move it to namespace scope
  // CHECK: :[[@LINE+12]]:3: note: in instantiation of 'takes<M>' requested here
  // CHECK: :[[@LINE-4]]:{{[0-9]+}}: error: extended __host__ __device__ lambda cannot be defined in 'takes<M>': its template arguments involve 'M', a type local to a function [extended_lambda_parent_local_type]
  // a __device__ lambda may use it in its parameters, but not in the
  // enclosing function's template arguments
  auto d = [] __device__ (T *t) { return t != nullptr; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'takes<M>': its template arguments involve 'M', a type local to a function [extended_lambda_parent_local_type]
  (void)h; (void)d;
  return 0;
}

void instantiate() {
  struct M {};
  takes<M>();
  takes<int>(); // compliant twin
}
