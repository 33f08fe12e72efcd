// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// A local type inside a function type in the enclosing function's template
// arguments: nvcc 13.0's front end accepts it, and so does the host compile
// unless the closure is passed to a kernel, whose generated stub then fails
// to parse the type. xlambda reports it then, at the lambda.

template <typename T> __global__ void kern(T in) { in(); }

template <typename T> void bar() {
  auto l = [] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'bar<void (*)(L)>': its template arguments involve 'L', a type local to a function [extended_lambda_parent_local_type]
  kern<<<1, 1>>>(l);
}

int main() {
  struct L {};
  bar<void (*)(L)>();
}
