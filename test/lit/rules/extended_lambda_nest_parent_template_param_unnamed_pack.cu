// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// ORACLE: host

// An unnamed template parameter pack after a named parameter of the class
// template enclosing an extended lambda: nvcc spells the class 'Packed<T>',
// which is right only while the pack is empty. With a non-empty pack the
// host compile fails at the lambda's line ("could not convert template
// argument '&Packed<int, int>::run' from 'void (Packed<int, int>::*)()' to
// 'void (Packed<int>::*)()'"), measured with nvcc 13.0 `-c`. Reported per
// instantiation, once.

template <class F> __global__ void kernel(F f) { f(); }

template <typename T, typename...> struct Packed {
  void run() { auto l = [=] __device__ () { return 1; }; kernel<<<1, 1>>>(l); }
  // CHECK: :[[@LINE-1]]:25: error: extended __device__ lambda cannot be defined in a member function of the class template 'Packed': its template parameter 2 is unnamed [extended_lambda_nest_parent_template_param_unnamed]
  // CHECK: :[[@LINE-3]]:34: note: template parameter 2 is unnamed; give it a name
  // FIXED: template <typename T, typename... Unnamed2> struct Packed {
};

// compliant twin: the same shape, its pack always empty
template <typename T, typename...> struct Empty {
  void run() { auto l = [=] __device__ () { return 2; }; kernel<<<1, 1>>>(l); }
};

int main() {
  Packed<int>().run();
  Packed<int, int>().run();
  Packed<int, int, char>().run();
  Empty<int>().run();
}
