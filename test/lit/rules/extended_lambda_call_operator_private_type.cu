// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The parameter and return types of an extended __host__ __device__
// lambda's operator() cannot involve a private or protected member type.
// nvcc 13.0 reports it at the lambda's '['; __device__ lambdas are fine.

#define HD_LAMBDA [] __host__ __device__

template <typename T> struct Box { T t; };

class Engine {
  struct Part { int p; };
protected:
  enum Mode { slow, fast };
public:
  struct Manual { int m; };
  void start();
};

void Engine::start() {
  auto h1 = [] __host__ __device__ (Part p) { return p.p; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'Engine::Part', a private class member, in the parameter or return types of its 'operator()' [extended_lambda_call_operator_private_type]
  // CHECK: :[[@LINE-11]]:10: note: 'Engine::Part' declared private here; make it public (widens the interface of 'Engine')
  auto h2 = [] __host__ __device__ () { return fast; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'Engine::Mode', a protected class member
  auto h3 = HD_LAMBDA (Box<Part> *b) -> int { return b->t.p; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'Engine::Part', a private class member
  auto h4 = [] __host__ __device__ (void (*cb)(Part)) { return 0; };
  // CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot use 'Engine::Part', a private class member

  // compliant twins
  auto ok1 = [] __device__ (Part p) { return p.p; };
  auto ok2 = [] __host__ __device__ (Manual m) { return m.m; };
  auto ok3 = [] __host__ __device__ (int v) { Part p{v}; return p.p; };
  (void)h1; (void)h2; (void)h3; (void)h4; (void)ok1; (void)ok2; (void)ok3;
}
