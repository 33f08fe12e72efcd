// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// A class template instantiated with a protected member type: nvcc 13.0's
// front end is silent, but when the closure is passed to a kernel, the host
// compile of the generated stub fails ("'C1::S1' is protected within this
// context"). xlambda reports it at the lambda. (One case per file.)

template <typename T> __global__ void kern(T in) { in(); }

template <typename T> struct Runner {
  static void run() {
    auto l = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in 'Runner<C1::S1>::run': its template arguments involve 'C1::S1', a protected class member [extended_lambda_parent_private_type]
    kern<<<1, 1>>>(l);
  }
};

class C1 {
protected:
  struct S1 {};
  friend int main();
};

int main() {
  Runner<C1::S1>::run();
}
