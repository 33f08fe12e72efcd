// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// No move to namespace scope is offered (issue 18) for a type that names a
// template parameter of its function: --fix-notes changes nothing. (nvcc
// 13.0 instantiates templates only when no error came before: a file of
// its own, so that the oracle sees it.)
// RUN: cp %s %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: diff %s %t.cu

template <typename T>
void refused(T t) {
  struct B { T t; };
  // CHECK-DAG: :[[@LINE-1]]:10: note: 'B' declared here{{$}}
  B b{t};
  auto c = [b] __device__ () { return b.t; };
  // CHECK-DAG: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 'b': its type involves 'B', a type local to a function [extended_lambda_capture_local_type]
  (void)c;
}

void use() { refused(1); }
