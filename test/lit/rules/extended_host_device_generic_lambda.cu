// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t.cu %s

// An extended __host__ __device__ lambda cannot be generic ('auto' or
// 'auto...' parameters). nvcc 13.0 reports it at the '[', at the
// definition. A generic __device__ lambda is fine: when host code never
// calls the lambda and '__host__' is written directly (not by a macro), a
// note offers to remove it.

#define KOKKOS_LAMBDA [=] __host__ __device__

template <typename F> __global__ void kern(F f) { f(1); }

void generic() {
  auto a = [] __host__ __device__ (auto i) { return i; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
  // CHECK: :[[@LINE-2]]:15: note: host code does not call this lambda; remove '__host__' to make it a generic __device__ lambda
  // NOTES: auto a = [] __device__ (auto i) { return i; };
  kern<<<1, 1>>>(a);
  auto b = [] __host__ __device__ (auto... i) { return sizeof...(i); };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
  // NOTES: auto b = [] __device__ (auto... i) { return sizeof...(i); };
  auto c = [] __host__ __device__ (int x, const auto &y) { return x + y; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
  // CHECK: :[[@LINE-2]]:12: note: a __device__ lambda can be generic; or give the parameters explicit types
  // NOTES: auto c = [] __host__ __device__ (int x, const auto &y) { return x + y; };
  int called_on_host = c(1, 2);
  auto d = KOKKOS_LAMBDA (auto i) { return i; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
  // NOTES: auto d = KOKKOS_LAMBDA (auto i) { return i; };

  // compliant twins: generic __device__ lambdas, a non-generic
  // __host__ __device__ lambda, a generic unannotated lambda
  auto ok1 = [] __device__ (auto i) { return i; };
  auto ok2 = [] __host__ __device__ (int i) { return i; };
  auto ok3 = [] (auto i) { return i; };
  (void)b; (void)d; (void)ok1; (void)ok2; (void)ok3; (void)called_on_host;
}

// In a template: at the definition, instantiated or not.
template <typename T> void in_template() {
  auto t = [] __host__ __device__ (T x, auto y) { return x; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
  (void)t;
}
