// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The parameter and return types of an extended __host__ __device__
// lambda's operator() cannot involve a type local to a function (function
// types included). nvcc 13.0 reports it at the lambda's '['. __device__
// lambdas are not restricted.

#define KOKKOS_LAMBDA [=] __host__ __device__

template <typename T> struct Box { T t; };

void locals() {
  struct L { int x; };
  auto h1 = [] __host__ __device__ (L l) { return l.x; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'L', a type local to a function, in the parameter or return types of its 'operator()' [extended_lambda_call_operator_local_type]
  // CHECK: :[[@LINE-3]]:10: note: 'L' declared here; move it to namespace scope
  auto h2 = [] __host__ __device__ () { return L{1}; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'L', a type local to a function
  auto h3 = [] __host__ __device__ (Box<L> *b, int (*fp)(L)) { return 0; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'L', a type local to a function
  auto h4 = [] __host__ __device__ () { struct In { int v; }; return In{1}; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'In', a type local to a function
  auto h5 = KOKKOS_LAMBDA (const L &l) { return l.x; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'L', a type local to a function
  auto outer = [] () {
    struct Q {};
    auto h6 = [] __host__ __device__ (Q) { return 0; };
    // CHECK: :[[@LINE-1]]:15: error: extended __host__ __device__ lambda cannot use 'Q', a type local to a function
    return h6(Q{});
  };

  // compliant twins: a __device__ lambda, namespace-scope types, a local
  // type only inside the body, an unannotated lambda
  auto ok1 = [] __device__ (L l) { return l.x; };
  auto ok2 = [] __host__ __device__ (Box<int> b) { return b.t; };
  auto ok3 = [] __host__ __device__ (int v) { struct In { int w; }; return In{v}.w; };
  auto ok4 = [] (L l) { return l; };
  (void)h1; (void)h2; (void)h3; (void)h4; (void)h5; (void)outer;
  (void)ok1; (void)ok2; (void)ok3; (void)ok4;
}
