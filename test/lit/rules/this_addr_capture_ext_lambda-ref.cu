// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: not %xlambda check --quiet %s -- -std=c++14 | FileCheck --check-prefix=CXX14 %s --implicit-check-not='{{warning|error}}:'
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|CXX14)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --match-full-lines --input-file=%t.cu %s
// One step, and a fix-it is a claim (issue 18): the fix-it harness (ctest
// fixits) checks the fixed file with nvcc.
// Under C++14 there is no '*this' capture: the notes say what to do and
// offer no edit.
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|CXX14)' %s > %t3.cu && cp %t3.cu %t4.cu
// RUN: not %xlambda check --quiet --fix-notes %t3.cu -- -std=c++14 > /dev/null
// RUN: diff %t3.cu %t4.cu

// '[&] __device__' in a member function that uses members: '[=]' alone would
// turn the error into a silent capture of 'this' (the illegal memory access
// of test/gpu/this_capture.cu). Both findings offer one edit, '[=, *this]'.

#include <vector>

// The closures go to a host function: clang's device side (the plugin
// lines) would report the by-reference captures of a launched lambda too.
template <class F> void run(const F &) {}

struct Pool {
  int n;
  int *out;
  void submit() {
    auto l = [&] __device__ (int i) { out[i] = n; };
    // CHECK: :[[@LINE-1]]:29: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
    // CHECK: :[[@LINE-2]]:15: note: the capture default '&' captures by reference; capture by copy with '=, *this' instead
    // CHECK: :[[@LINE-3]]:39: warning: extended __device__ lambda implicitly captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
    // CHECK: :[[@LINE-4]]:15: note: capture '*this' by copy to take the object to the device
    // CXX14: :[[@LINE-5]]:29: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
    // CXX14: :[[@LINE-6]]:15: note: the capture default '&' captures by reference; capture by copy with '=' and copy the members the lambda uses into local variables ('=' alone would capture 'this')
    // CXX14: :[[@LINE-7]]:39: warning: extended __device__ lambda implicitly captures 'this'
    // CXX14: :[[@LINE-8]]:14: note: copy the members the lambda uses into local variables and capture those
    // FIXED:    auto l = [=, *this] __device__ (int i) { out[i] = n; };
    run(l);
  }
  void submit_hd() {
    int k = 2;
    auto l = [&] __host__ __device__ (int i) { out[i] = n + k; };
    // CHECK: :[[@LINE-1]]:38: error: extended __host__ __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
    // CHECK: :[[@LINE-2]]:15: note: the capture default '&' captures by reference; capture by copy with '=, *this' instead
    // CHECK: :[[@LINE-3]]:48: warning: extended __host__ __device__ lambda implicitly captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
    // CHECK: :[[@LINE-4]]:15: note: capture '*this' by copy to take the object to the device
    // CHECK: :[[@LINE-5]]:61: error: extended __host__ __device__ lambda cannot capture 'k' by reference [extended_lambda_reference_capture]
    // CHECK: :[[@LINE-6]]:15: note: 'k' is captured by reference because of the capture default '&'
    // CXX14: :[[@LINE-7]]:38: error: extended __host__ __device__ lambda cannot capture variables by reference
    // CXX14: :[[@LINE-8]]:15: note: the capture default '&' captures by reference; capture by copy with '=' and copy the members
    // CXX14: :[[@LINE-9]]:48: warning: extended __host__ __device__ lambda implicitly captures 'this'
    // CXX14: :[[@LINE-10]]:14: note: copy the members the lambda uses
    // CXX14: :[[@LINE-11]]:61: error: extended __host__ __device__ lambda cannot capture 'k' by reference
    // CXX14: :[[@LINE-12]]:15: note: 'k' is captured by reference because of the capture default '&'
    // FIXED:    auto l = [=, *this] __host__ __device__ (int i) { out[i] = n + k; };
    run(l);
  }
};

// '*this' would copy a std::vector to the device
// (extended_lambda_star_this_copy): no edit, the note says what to do.
struct Holder {
  std::vector<int> v;
  int n;
  int *out;
  void submit() {
    auto l = [=] __device__ (int i) { out[i] = n; };
    // CHECK: :[[@LINE-1]]:39: warning: extended __device__ lambda implicitly captures 'this'
    // CHECK: :[[@LINE-2]]:14: note: copy the members the lambda uses into local variables and capture those
    // CXX14: :[[@LINE-3]]:39: warning: extended __device__ lambda implicitly captures 'this'
    // CXX14: :[[@LINE-4]]:14: note: copy the members the lambda uses
    // FIXED:    auto l = [=] __device__ (int i) { out[i] = n; };
    (void)l;
  }
};
