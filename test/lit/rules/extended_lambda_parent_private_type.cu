// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The template arguments of the function enclosing an extended lambda cannot
// involve a private or protected member type (the specialization of a
// private member template included). nvcc 13.0 checks it per instantiation,
// at the lambda's parameter list.

#define KOKKOS_LAMBDA [=] __host__ __device__

template <typename T> struct Box { T t; };

template <typename T> void bar() {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'bar<C1::PT<int>>': its template arguments involve 'C1::PT<int>', a private class member [extended_lambda_parent_private_type]
  // CHECK: :[[@LINE-2]]:26: error: extended __device__ lambda cannot be defined in 'bar<C1::S1>': its template arguments involve 'C1::S1', a private class member [extended_lambda_parent_private_type]
  // CHECK: :[[@LINE+17]]:10: note: 'C1::S1' declared private here; make it public (widens the interface of 'C1')
  // CHECK: :[[@LINE+26]]:3: note: in instantiation of 'bar<C1::S1>' requested here
  (void)l;
}

template <typename T, T v> void nontype() {
  auto l = KOKKOS_LAMBDA () { return (int)v; };
  // CHECK: :[[@LINE-1]]:26: error: extended __host__ __device__ lambda cannot be defined in 'nontype<C1::PE, C1::pe0>': its template arguments involve 'C1::PE', a protected class member [extended_lambda_parent_private_type]
  (void)l;
}

template <typename T> struct Outer {
  template <typename U> void inner() { auto l = [] __device__ () { return 0; }; (void)l; }
  // CHECK: :[[@LINE-1]]:63: error: extended __device__ lambda cannot be defined in 'Outer<int>::inner<Box<C1::S1>>': its template arguments involve 'C1::S1', a private class member [extended_lambda_parent_private_type]
};

class C1 {
  struct S1 {};
  template <typename> struct PT {};
protected:
  enum PE { pe0 };
public:
  struct Pub {};
  friend int main();
};

int main() {
  bar<C1::S1>();
  bar<C1::PT<int>>();
  bar<C1::Pub>(); // compliant twin
  nontype<C1::PE, C1::pe0>();
  nontype<int, 1>(); // compliant twin
  Outer<int>().inner<Box<C1::S1>>();
  Outer<int>().inner<Box<C1::Pub>>(); // compliant twin
}
