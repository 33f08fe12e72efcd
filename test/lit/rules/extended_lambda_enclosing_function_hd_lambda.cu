// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// ORACLE: host

// An extended lambda cannot be defined inside an extended __host__
// __device__ lambda (at any depth). nvcc 13.0 reports it at the inner
// lambda's parameter list. Inside a __device__ lambda, lambdas are device
// code, not extended lambdas. The note removes the inner annotation: an
// unannotated lambda in the body of a __host__ __device__ lambda is compiled
// for both sides (the compliant twin hd2), so it gains a host side.

#define KOKKOS_LAMBDA [=] __host__ __device__

void nested() {
  auto outer = [] __host__ __device__ () {
    auto d = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined inside an extended __host__ __device__ lambda [extended_lambda_enclosing_function_hd_lambda]
    // CHECK: :[[@LINE-3]]:16: note: enclosing extended __host__ __device__ lambda defined here
    // CHECK: :[[@LINE-3]]:14: note: remove '__device__': a lambda in the body of a __host__ __device__ lambda is compiled for both sides, as that lambda is
    // FIXED: auto d = [] () { return 1; };
    auto hd = [] __host__ __device__ () { return 2; };
    // CHECK: :[[@LINE-1]]:38: error: extended __host__ __device__ lambda cannot be defined inside an extended __host__ __device__ lambda [extended_lambda_enclosing_function_hd_lambda]
    // CHECK: :[[@LINE-2]]:15: note: remove '__host__ __device__'
    // FIXED: auto hd = [] () { return 2; };
    auto plain = [] () {
      auto deep = [] __device__ () { return 3; };
      // CHECK: :[[@LINE-1]]:33: error: extended __device__ lambda cannot be defined inside an extended __host__ __device__ lambda [extended_lambda_enclosing_function_hd_lambda]
      // CHECK: :[[@LINE-2]]:19: note: remove '__device__'
      // FIXED: auto deep = [] () { return 3; };
      return deep;
    };
    (void)d; (void)hd; (void)plain;
    return 0;
  };
  int n = 1;
  auto kokkos = KOKKOS_LAMBDA (int i) {
    auto inner = [=] __device__ () { return i + n; };
    // CHECK: :[[@LINE-1]]:33: error: extended __device__ lambda cannot be defined inside an extended __host__ __device__ lambda [extended_lambda_enclosing_function_hd_lambda]
    // CHECK: :[[@LINE-2]]:18: note: remove '__device__'
    // FIXED: auto inner = [=] () { return i + n; };
    (void)inner;
    return i;
  };

  // compliant twins: inside a __device__ lambda, inside a plain lambda,
  // unannotated lambdas inside a __host__ __device__ lambda
  auto dev = [] __device__ () {
    auto in_device = [] __device__ () { return 4; };
    return in_device();
  };
  auto host = [] () {
    auto ok = [] __device__ () { return 5; };
    return ok;
  };
  auto hd2 = [] __host__ __device__ () {
    auto ok = [] () { return 6; };
    return ok();
  };
  (void)outer; (void)kokkos; (void)dev; (void)host; (void)hd2;
}
