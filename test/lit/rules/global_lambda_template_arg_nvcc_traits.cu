// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// ORACLE: host
// A launcher that asks nvcc what kind of lambda it got
// (__nv_is_extended_device_lambda_closure_type and its siblings, as CCCL's
// STF does in parallel_for and launch) runs a lambda that is not extended
// on the host under nvcc, and launches a kernel only for an extended one.
// clang has no such traits: the launcher's other branch takes every lambda
// for a __host__ __device__ one and instantiates the kernel. xlambda
// parses that branch, so it leaves a kernel requested through such a
// launcher unreported (XL_FUNC_NVCC_LAMBDA_TRAITS). Until 2026-12-01 it
// reported `ctx.parallel_for(exec_place::host(), ...)->*[=](...) {...}`
// in CCCL's STF tests (tiled_loops.cu), which nvcc compiles.

#include <type_traits>

template <typename F> __global__ void loop(F f) { (void)f; }

struct scope {
  template <typename Fun> void operator->*(Fun &&f) {
    using F = std::remove_reference_t<Fun>;
#if defined(__NVCC__)
    constexpr bool device = __nv_is_extended_device_lambda_closure_type(F) ||
                            __nv_is_extended_host_device_lambda_closure_type(F);
#else
    constexpr bool device = true; // clang: every lambda is __host__ __device__
#endif
    if constexpr (device)
      loop<<<1, 1>>>(f);
    else
      f(0);
  }
};

template <typename Fun> void always_launch(Fun f) {
  loop<<<1, 1>>>(f);
  // CHECK: :[[@LINE-1]]:3: error: the closure type of a lambda that is not an extended lambda cannot be a template argument of the __global__ function 'loop' [global_lambda_template_arg]
  // CHECK: :[[@LINE+11]]:17: note: lambda defined here; annotate it '__device__' to make it an extended lambda
  // CHECK: :[[@LINE+10]]:3: note: in instantiation of 'always_launch<(lambda at {{.*}})>' requested here
}

void on_host(int *p) {
  scope s;
  s->*[=](int i) { p[i] = 1; };
  s->*[=] __device__ (int i) { p[i] = 2; };
}

void launched(int *p) {
  always_launch([=](int i) { p[i] = 3; });
}
