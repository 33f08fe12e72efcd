// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// An extended lambda cannot be defined in a member function of a class that
// is a private or protected member of another class, at any depth. nvcc
// 13.0 reports it at the lambda's parameter list, naming the innermost such
// class.

#define DEVICE_LAMBDA [=] __device__

class Outer {
  struct Hidden {
    void run() {
      auto l = [] __device__ () { return 1; };
      // CHECK: :[[@LINE-1]]:30: error: extended __device__ lambda cannot be defined inside 'Outer::Hidden', a private nested class [extended_lambda_inaccessible_ancestor]
      // CHECK: :[[@LINE-4]]:10: note: 'Outer::Hidden' is private by default; nvcc needs every enclosing class to be public; make it public (widens the interface of 'Outer')
      (void)l;
    }
  };
protected:
  class Guarded {
  public:
    struct Inner {
      void run() {
        auto l = DEVICE_LAMBDA (int i) { return i; };
        // CHECK: :[[@LINE-1]]:32: error: extended __device__ lambda cannot be defined inside 'Outer::Guarded', a protected nested class [extended_lambda_inaccessible_ancestor]
        // CHECK: :[[@LINE-7]]:1: note: 'Outer::Guarded' is protected because of this access specifier; nvcc needs every enclosing class to be public; make it public (widens the interface of 'Outer')
        (void)l;
      }
    };
  };
public:
  struct Visible {
    void run() { auto l = [] __device__ () { return 2; }; (void)l; } // twin
  private:
    struct Deep {
      template <typename T> void run() {
        auto l = [] __device__ () { return 3; };
        // CHECK: :[[@LINE-1]]:32: error: extended __device__ lambda cannot be defined inside 'Outer::Visible::Deep', a private nested class [extended_lambda_inaccessible_ancestor]
        (void)l;
      }
    };
  };
  struct Plain {
    void run() { auto l = [] () { return 4; }; (void)l; } // twin
  };
};
