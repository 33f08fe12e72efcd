// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// A template argument of the function enclosing an extended lambda cannot be
// a private or protected member template (a template template argument).
// nvcc 13.0 checks it per instantiation, at the lambda's parameter list.

#define DEVICE_LAMBDA [] __device__

template <template <typename> class TT> void tt() {
  auto l = DEVICE_LAMBDA () { return 0; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'tt<C1::PT>': its template arguments involve 'C1::PT', a private member template [extended_lambda_parent_private_template_arg]
  // CHECK: :[[@LINE+9]]:{{[0-9]+}}: note: 'C1::PT' declared private here; make it public (widens the interface of 'C1')
  // CHECK: :[[@LINE+17]]:3: note: in instantiation of 'tt<C1::PT>' requested here
  // CHECK: :[[@LINE-4]]:26: error: extended __device__ lambda cannot be defined in 'tt<C1::QT>': its template arguments involve 'C1::QT', a protected member template [extended_lambda_parent_private_template_arg]
  (void)l;
}

template <typename T> struct Pub {};

class C1 {
  template <typename> struct PT {};
protected:
  template <typename> struct QT {};
public:
  template <typename> struct OT {};
  friend int main();
};

int main() {
  tt<C1::PT>();
  tt<C1::QT>();
  tt<C1::OT>(); // compliant twins
  tt<Pub>();
}
