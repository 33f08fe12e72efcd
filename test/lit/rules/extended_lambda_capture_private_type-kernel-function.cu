// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// A captured variable whose type involves a private member type only inside
// a function type: nvcc 13.0's front end accepts it, and so does the host
// compile unless the closure is passed to a kernel, whose generated stub
// then names the type ("'struct P::Priv' is private within this context").
// xlambda reports it then, at the capture.

template <typename T> __global__ void kern(T in) { in(); }

class P {
  struct Priv { int x; };
public:
  static void f();
};

void P::f() {
  void (*fp)(Priv) = nullptr;
  auto l = [fp] __device__ () { return fp != nullptr; };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 'fp': its type involves 'P::Priv', a private class member [extended_lambda_capture_private_type]
  kern<<<1, 1>>>(l);
  auto ok = [fp] __device__ () { return fp != nullptr; }; // twin: no kernel
  (void)ok;
}
