// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// nvcc 13.0's front end does not check the template arguments of a class
// template enclosing the function, but when the closure is passed to a
// kernel, the host compile of its generated stub names the closure's type at
// namespace scope and fails ("template argument 1 is invalid"). xlambda
// reports it at the lambda. (One case per file: the oracle cannot see the
// line of a failure in the stub.)

template <typename T> __global__ void kern(T in) { in(); }

template <typename T> struct Runner {
  void run() {
    auto l = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in 'Runner<L>::run': its template arguments involve 'L', a type local to a function [extended_lambda_parent_local_type]
    // CHECK: :[[@LINE+8]]:10: note: 'L' declared here; move it to namespace scope
    // CHECK: :[[@LINE+2]]:{{[0-9]+}}: note: the closure is passed to 'kern<(lambda at {{.*}})>' here; nvcc's host compilation then fails to name the type
    // CHECK: :[[@LINE+7]]:15: note: in instantiation of 'Runner<L>::run' requested here
    kern<<<1, 1>>>(l);
  }
};

int main() {
  struct L {};
  Runner<L>().run();
}
