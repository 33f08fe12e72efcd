// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The template arguments of the function enclosing an extended lambda cannot
// involve a type local to a function (pointee, array element, template
// argument, member pointer, pack element; nvcc 13.0 does not look into
// function types). nvcc checks it per instantiation
// and reports it at the lambda's parameter list; xlambda adds a note at each
// point of instantiation.

#define DEVICE_LAMBDA [=] __device__

template <typename T> struct Box { T t; };
template <typename T> __global__ void kern(T in) { in(); }

// The example of the CUDA programming guide.
template <typename T>
void bar4(void)
{
  auto lam1 = [] __device__ { return 10; };
  // CHECK: :[[@LINE-1]]:29: error: extended __device__ lambda cannot be defined in 'bar4<S1_t>': its template arguments involve 'S1_t', a type local to a function [extended_lambda_parent_local_type]
  // CHECK: :[[@LINE+41]]:10: note: 'S1_t' declared here; move it to namespace scope
  // CHECK: :[[@LINE+41]]:3: note: in instantiation of 'bar4<S1_t>' requested here
  // CHECK: :[[@LINE+42]]:3: note: in instantiation of 'bar4<S1_t *>' requested here
  kern<<<1,1>>>(lam1);
}

template <typename T> int compound() {
  auto l = DEVICE_LAMBDA (int i) { return i; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'compound<Box<Box<S1_t>>>': its template arguments involve 'S1_t', a type local to a function [extended_lambda_parent_local_type]
  return 0;
}

template <typename T, int N> struct Grid {
  template <typename U> void each() {
    auto outer = [] () {
      auto l = [] __host__ __device__ () { return N; };
      // CHECK: :[[@LINE-1]]:39: error: extended __host__ __device__ lambda cannot be defined in 'Grid<int, 2>::each<S1_t[3]>': its template arguments involve 'S1_t', a type local to a function [extended_lambda_parent_local_type]
      return l;
    };
    (void)outer;
  }
};

template <typename T> void member_pointer() {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'member_pointer<int S1_t::*>': its template arguments involve 'S1_t', a type local to a function [extended_lambda_parent_local_type]
  (void)l;
}

template <typename... T> void pack(T...) {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'pack<S1_t, int>': its template arguments involve 'S1_t', a type local to a function [extended_lambda_parent_local_type]
  (void)l;
}

template <typename T> struct Holder {
  void run() { auto l = [] __device__ () { return 0; }; (void)l; }
};

int main()
{
  struct S1_t { int x; };
  bar4<S1_t>();
  bar4<int>(); // compliant twin
  bar4<S1_t *>();
  compound<Box<Box<S1_t>>>();
  Grid<int, 2>().each<S1_t[3]>();
  member_pointer<int S1_t::*>();
  pack(S1_t{}, 1);
  pack(1, 2.0); // compliant twin
  // compliant twins: nvcc 13.0 accepts a local type in a function type and
  // in the arguments of an enclosing class template (when the closure does
  // not reach a kernel, see the -kernel tests)
  compound<void (*)(S1_t)>();
  Holder<S1_t>().run();
}
