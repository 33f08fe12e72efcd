// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it names the class, on the note:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// FIXED: struct xl_unnamed_class_{{[0-9]+}} {

// The function enclosing an extended lambda cannot be a member of an
// unnamed class. nvcc 13.0 reports it at the lambda's parameter list; a
// named class nested in an unnamed one is fine.

#define DEVICE_LAMBDA [] __device__

struct {
  void run() {
    auto l = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in '(anonymous)::run', a member function of an unnamed class [extended_lambda_parent_class_unnamed]
    // CHECK: :[[@LINE-4]]:1: note: the class is unnamed here; give it a name
    (void)l;
  }
  template <typename T> void generic() {
    auto outer = [] () {
      auto l = DEVICE_LAMBDA () { return 2; };
      // CHECK: :[[@LINE-1]]:30: error: extended __device__ lambda cannot be defined in '(anonymous)::generic', a member function of an unnamed class [extended_lambda_parent_class_unnamed]
      return l;
    };
    (void)outer;
  }
  struct Named { // twin: a named class inside an unnamed one
    void run() { auto l = [] __device__ () { return 3; }; (void)l; }
  };
} unnamed_object;

struct Named { // twin
  void run() { auto l = [] __device__ () { return 4; }; (void)l; }
};

namespace {
struct InAnonymousNamespace { // twin: named, in an unnamed namespace
  void run() { auto l = [] __device__ () { return 5; }; (void)l; }
};
}
