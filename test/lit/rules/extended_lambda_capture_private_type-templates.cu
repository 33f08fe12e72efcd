// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// extended_lambda_capture_private_type in templates: per instantiation (in
// a file of its own: nvcc instantiates only when no error came before).

class Vault {
  struct Key { int k; };
  friend void open_vault();
public:
  struct Door { int d; };
};

template <typename T> struct Holder {
  template <typename U> static int grab(U u) {
    T t{};
    auto c = [t, u] __device__ () { return sizeof(t) + sizeof(u); };
    // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 't': its type involves 'Vault::Key', a private class member [extended_lambda_capture_private_type]
    // CHECK: :[[@LINE-11]]:10: note: 'Vault::Key' declared private here; make it public (widens the interface of 'Vault')
    // CHECK: :[[@LINE+10]]:23: note: in instantiation of 'Holder<Vault::Key>::grab<int>' requested here
    // CHECK: :[[@LINE-4]]:18: error: extended __device__ lambda cannot capture 'u': its type involves 'Vault::Key', a private class member [extended_lambda_capture_private_type]
    // CHECK: :[[@LINE-5]]:{{[0-9]+}}: error: extended __device__ lambda cannot be defined in 'Holder<int>::grab<Vault::Key *>': its template arguments involve 'Vault::Key', a private class member [extended_lambda_parent_private_type]
    (void)c;
    return 0;
  }
};

void open_vault() {
  Vault::Key key{1};
  Holder<Vault::Key>::grab(1);
  Holder<int>::grab(&key);
  Holder<Vault::Door>::grab(2); // compliant twin
}
