// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// No '__host__ __device__' fix where the lambda could not become one: its
// body names something that exists only on the device (a __device__
// function: nvcc 13.0 then rejects the host side, "calling a __device__
// function("twice(int)") from a __host__ __device__ function("operator()")
// is not allowed"; a device variable such as threadIdx, which nvcc lets
// through but which means nothing on the host), or it has an init-capture
// (extended_lambda_hd_init_capture). The note says what to do instead.

__device__ int twice(int x) { return 2 * x; }

void calls_a_device_function() {
  auto lam = [] __device__ (int x) { return twice(x); };
  using P = decltype(&decltype(lam)::operator());
  // CHECK: :[[@LINE-1]]:22: error: host code inspects 'operator()' of an extended __device__ lambda by taking its address [extended_lambda_host_introspection]
  // CHECK: :[[@LINE-3]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-4]]:14: note: inspect a __host__ __device__ lambda or a named function object instead
  P p = nullptr; (void)p;
}

void reads_the_thread_index() {
  auto lam = [] __device__ (int x) { return x + (int)threadIdx.x; };
  using P = decltype(&decltype(lam)::operator());
  // CHECK: :[[@LINE-1]]:22: error: host code inspects 'operator()' of an extended __device__ lambda by taking its address
  // CHECK: :[[@LINE-3]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-4]]:14: note: inspect a __host__ __device__ lambda or a named function object instead
  P p = nullptr; (void)p;
}

void init_capture() {
  int n = 1;
  auto lam = [m = n] __device__ (int x) { return x + m; };
  using P = decltype(&decltype(lam)::operator());
  // CHECK: :[[@LINE-1]]:22: error: host code inspects 'operator()' of an extended __device__ lambda by taking its address
  // CHECK: :[[@LINE-3]]:14: note: the lambda's return type is deduced
  // CHECK: :[[@LINE-4]]:14: note: inspect a __host__ __device__ lambda or a named function object instead
  P p = nullptr; (void)p;
}
