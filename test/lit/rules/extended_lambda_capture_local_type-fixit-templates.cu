// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The move to namespace scope in a function template (issue 18): before
// its template header. nvcc 13.0 instantiates templates only when no error
// came before: a file of its own, so that the oracle sees it.
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --match-full-lines --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// A second --fix-notes changes nothing (nvcc's verdict on the fixed file:
// the fix-it harness, ctest fixits):
// RUN: cp %t.cu %t2.cu && %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: diff %t.cu %t2.cu

// A function template: the type goes before its template header.
// FIXED: struct P { int v; };
// FIXED-EMPTY:
// FIXED-NEXT: template <typename T>
// FIXED-NEXT: void generic(T t) {
// FIXED-NEXT:   P p{(int)t};
template <typename T>
void generic(T t) {
  struct P { int v; };
  P p{(int)t};
  auto c = [p] __device__ () { return p.v; };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 'p': its type involves 'P', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-4]]:10: note: 'P' declared here; move it to namespace scope
  // CHECK: :[[@LINE+4]]:14: note: in instantiation of 'generic<int>' requested here
  (void)c;
}

void use() { generic(1); }
