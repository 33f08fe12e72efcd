// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it names the parameter, on the finding:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// ORACLE: host

// An unnamed template parameter with a default after a named parameter of
// the class template enclosing an extended lambda (issue 19): nvcc spells
// the class 'Opt<T>', which means the default, so the host compile fails at
// the lambda's line only for an instantiation that gives another argument
// ("could not convert template argument '&Opt<int, float>::run' from 'void
// (Opt<int, float>::*)()' to 'void (Opt<int>::*)()'"), measured with nvcc
// 13.0 `-c`; one that gives the default itself ('Opt<int, void>') is the
// same class and compiles. Reported per instantiation, once.

template <class F> __global__ void kernel(F f) { f(); }

template <typename T, typename = void> struct Opt {
  void run() { auto l = [=] __device__ () { return 1; }; kernel<<<1, 1>>>(l); }
  // CHECK: :[[@LINE-1]]:25: error: extended __device__ lambda cannot be defined in a member function of the class template 'Opt': its template parameter 2 is unnamed [extended_lambda_nest_parent_template_param_unnamed]
  // CHECK: :[[@LINE-3]]:32: note: template parameter 2 is unnamed; give it a name
  // CHECK: :[[@LINE+28]]:21: note: in instantiation of 'Opt<int, float>::run' requested here
  // CHECK: :[[@LINE+28]]:22: note: in instantiation of 'Opt<char, float>::run' requested here
  // FIXED: template <typename T, typename xl_unnamed_2 = void> struct Opt {
};

template <typename T, int = 0, typename = char> struct Tile {
  void run() { auto l = [=] __device__ () { return 2; }; kernel<<<1, 1>>>(l); }
  // CHECK: :[[@LINE-1]]:25: error: extended __device__ lambda cannot be defined in a member function of the class template 'Tile': its template parameter 2 is unnamed [extended_lambda_nest_parent_template_param_unnamed]
  // CHECK: :[[@LINE-3]]:27: note: template parameter 2 is unnamed; give it a name
  // CHECK: :[[@LINE+22]]:23: note: in instantiation of 'Tile<int, 0, int>::run' requested here
  // FIXED: template <typename T, int xl_unnamed_2 = 0, typename xl_unnamed_3 = char> struct Tile {
};

// compliant twins: only the defaults are used, whatever the spelling; the
// same shape with the parameter named; never instantiated
template <typename T, typename = void> struct Same {
  void run() { auto l = [=] __device__ () { return 3; }; kernel<<<1, 1>>>(l); }
};
template <typename T, typename U = void> struct Named {
  void run() { auto l = [=] __device__ () { return 4; }; kernel<<<1, 1>>>(l); }
};
template <typename T, typename = void> struct Unused {
  void run() { auto l = [=] __device__ () { return 5; }; kernel<<<1, 1>>>(l); }
};

int main() {
  Opt<int>().run();
  Opt<int, void>().run();
  Opt<int, float>().run();
  Opt<char, float>().run();
  Tile<int>().run();
  Tile<int, 0, int>().run();
  Same<int>().run();
  Same<int, void>().run();
  Named<int, float>().run();
  cudaDeviceSynchronize();
}
