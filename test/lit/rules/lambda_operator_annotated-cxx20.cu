// RUN: not %xlambda check --quiet %s -- -std=c++20 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++20 | FileCheck --check-prefix=CLANG %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify --prefixes CLANG %s -- -std=c++20 %}
// ORACLE: args -std=c++20
// ORACLE: plugin-skip clang 22 cannot parse '[]<typename T> __device__ (T x)' ("expected body of lambda expression"); only the CLI re-parses

// After a C++20 template parameter list, '[]<typename T> __device__ (T x)'
// annotates operator() for nvcc 13.0 (error at the body). clang 22 cannot
// even parse it ("expected body of lambda expression"): xlambda parses the
// file again without the annotation, as nvcc ignores it, and reports it.
// The clang plugin cannot parse again: clang's own errors stand (CLANG
// lines) and the rule reports those lambdas by the CLI only; the plugin
// still reports the one clang parses (docs/plugin.md).

#define DEV __device__

void annotated() {
  auto a = []<typename T> __device__ (T x) { return x; };
  // CHECK: :[[@LINE-1]]:44: error: the lambda's 'operator()' cannot be annotated with an execution space; annotate the lambda after its capture list [lambda_operator_annotated]
  // CHECK: :[[@LINE-2]]:27: note: annotation written here; write it right after the capture list: '[...] __device__ <...> (...)'
  // CLANG: :[[@LINE-3]]:38: error: expected body of lambda expression
  // CLANG: :[[@LINE-4]]:39: error: use of undeclared identifier 'T'
  auto b = []<typename T> __host__ __device__ (T x) { return x; };
  // CHECK: :[[@LINE-1]]:53: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG: :[[@LINE-2]]:47: error: expected body of lambda expression
  // CLANG: :[[@LINE-3]]:48: error: use of undeclared identifier 'T'
  auto c = [] <typename T> DEV (T x) { return x; };
  // CHECK: :[[@LINE-1]]:38: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG: :[[@LINE-2]]:32: error: expected body of lambda expression
  // CLANG: :[[@LINE-3]]:33: error: use of undeclared identifier 'T'
  auto d = [] <typename T> () __device__ { return T{}; };
  // CHECK: :[[@LINE-1]]:42: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG: :[[@LINE-2]]:42: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG: :[[@LINE-3]]:31: note: annotation written here

  // compliant twins: the annotation right after the capture list
  auto ok1 = [] __device__ <typename T> (T x) { return x; };
  auto ok2 = [] DEV <typename T> (T x) { return x; };
  (void)a; (void)b; (void)c; (void)d; (void)ok1; (void)ok2;
}
