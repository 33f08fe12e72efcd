// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// The compliant twins of the -kernel tests: the same instantiations with
// closures that do not reach a kernel compile with nvcc (front end and host
// compile), and xlambda reports nothing.

template <typename T> __global__ void kern(T in) { in(); }

template <typename T> struct Runner {
  void run() { auto l = [] __device__ () { return 1; }; (void)l; }
};

template <typename T> void bar() {
  auto l = [] __device__ () { return 1; };
  (void)l;
}

void plain() {
  auto k = [] __device__ () { return 2; };
  kern<<<1, 1>>>(k);
}

int main() {
  struct L {};
  Runner<L>().run();
  bar<void (*)(L)>();
  plain();
}
