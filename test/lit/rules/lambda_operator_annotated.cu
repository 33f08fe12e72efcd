// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck --check-prefix=CLANG %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify --prefixes CLANG %s -- -std=c++17 %}
// ORACLE: plugin-skip clang 22 cannot parse '[] () mutable __device__' ("expected body of lambda expression"); only the CLI re-parses

// An execution-space annotation after the lambda's parameter list (or its
// 'mutable') annotates operator() itself, which nvcc 13.0 rejects at the
// lambda's body; nvcc then ignores the annotation: the lambda is not an
// extended lambda (no other extended-lambda error follows).
//
// Through the clang plugin (CLANG lines): clang 22 itself rejects
// 'mutable __device__' (it accepts the other forms with a -Wcuda-compat
// warning), so the compile fails with clang's own error; the plugin still
// reports the lambdas clang parsed, and 'c' by the CLI only (docs/plugin.md).

#define DEV __device__

void annotated() {
  int x = 1;
  auto a = [&] () __device__ { return x; };
  // CHECK: :[[@LINE-1]]:30: error: the lambda's 'operator()' cannot be annotated with an execution space; annotate the lambda after its capture list [lambda_operator_annotated]
  // CHECK: :[[@LINE-2]]:19: note: annotation written here; write it right after the capture list: '[...] __device__ <...> (...)'
  // CLANG-DAG: :[[@LINE-3]]:30: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-4]]:19: note: annotation written here
  auto b = [] (int i) __host__ __device__ { return i; };
  // CHECK: :[[@LINE-1]]:43: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-2]]:43: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-3]]:23: note: annotation written here
  auto c = [] () mutable __device__ { return 1; };
  // CHECK: :[[@LINE-1]]:37: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-2]]:26: error: expected body of lambda expression
  auto d = [] () DEV { return 2; };
  // CHECK: :[[@LINE-1]]:22: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-2]]:22: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-3]]:18: note: annotation written here
  auto e = [] (auto i)
    __host__ __device__
  {
    return i;
  };
  // CHECK: :[[@LINE-3]]:3: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-4]]:3: error: the lambda's 'operator()' cannot be annotated with an execution space
  // CLANG-DAG: :[[@LINE-6]]:5: note: annotation written here

  // compliant twins: the annotation right after the capture list
  auto ok1 = [=] __device__ () { return x; };
  auto ok2 = [] DEV (int i) { return i; };
  auto ok3 = [] __device__ () mutable { return 3; };
  (void)a; (void)b; (void)c; (void)d; (void)e;
  (void)ok1; (void)ok2; (void)ok3;
}
