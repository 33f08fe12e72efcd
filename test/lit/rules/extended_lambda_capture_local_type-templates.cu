// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// extended_lambda_capture_local_type in templates. nvcc 13.0 instantiates
// templates at the end of the file, and only when no error came before:
// these cases live in a file of their own so that the oracle sees them.

template <typename T> struct Box { T t; };

// In a template, per instantiation: reported once per cause, with a note for
// each instantiation; a template that is never instantiated is not checked.
template <typename T> int captures_t(T t) {
  auto c = [t] __device__ () { return sizeof(t); };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 't': its type involves 'M', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-3]]:{{[0-9]+}}: note: 't' declared here with type 'M *'
  // CHECK: :[[@LINE+16]]:10: note: 'M' declared here; move it to namespace scope
  // CHECK: :[[@LINE+17]]:3: note: in instantiation of 'captures_t<M *>' requested here
  // CHECK: :[[@LINE+17]]:3: note: in instantiation of 'captures_t<Box<M>>' requested here
  // CHECK: :[[@LINE-6]]:27: error: extended __device__ lambda cannot be defined in 'captures_t<M *>': its template arguments involve 'M', a type local to a function [extended_lambda_parent_local_type]
  (void)c;
  return 0;
}

template <typename T> int never_instantiated() {
  struct N { int x; };
  N n{1};
  auto c = [n] __device__ () { return n.x; };
  return c();
}

void instantiate() {
  struct M { int x; };
  M m{1};
  captures_t(&m);
  captures_t(Box<M>{m});
  captures_t(1); // compliant twin
}

// A class template instantiated with a local type, and nested lambdas.
template <typename T> struct Holder {
  void run(T v) {
    auto outer = [] () {
      T w{};
      auto c = [w] __device__ () { return sizeof(w); };
      // CHECK: :[[@LINE-1]]:17: error: extended __device__ lambda cannot capture 'w': its type involves 'K', a type local to a function [extended_lambda_capture_local_type]
      // CHECK: :[[@LINE+9]]:10: note: 'K' declared here; move it to namespace scope
      // CHECK: :[[@LINE+9]]:15: note: in instantiation of 'Holder<K>::run' requested here
      return c;
    };
    (void)outer;
  }
};

void class_template() {
  struct K {};
  Holder<K>().run(K{});
  Holder<int>().run(1); // compliant twin
}
