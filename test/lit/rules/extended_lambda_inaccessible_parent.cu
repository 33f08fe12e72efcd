// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The function enclosing an extended lambda cannot be a private or
// protected member function. nvcc 13.0 reports it at the lambda's parameter
// list; the note points at the access specifier, and its fix-it makes the
// function public (extended_lambda_inaccessible_parent-fixit.cu).

#define KOKKOS_LAMBDA [=] __host__ __device__

class Solver {
  void step() {
    auto l = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in 'Solver::step', a private member function [extended_lambda_inaccessible_parent]
    // CHECK: :[[@LINE-4]]:7: note: members of 'Solver' are private by default; nvcc needs the enclosing function to be public; make it public (widens the interface of 'Solver')
    (void)l;
  }
protected:
  void relax(int n);
  static void reset() {
    auto l = KOKKOS_LAMBDA (int i) { return i; };
    // CHECK: :[[@LINE-1]]:28: error: extended __host__ __device__ lambda cannot be defined in 'Solver::reset', a protected member function [extended_lambda_inaccessible_parent]
    // CHECK: :[[@LINE-5]]:1: note: 'Solver::reset' is protected because of this access specifier; nvcc needs the enclosing function to be public; make it public (widens the interface of 'Solver')
    (void)l;
  }
private:
  template <typename T> void generic() {
    auto l = [] __device__ () { return 2; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in 'Solver::generic', a private member function [extended_lambda_inaccessible_parent]
    // CHECK: :[[@LINE-4]]:1: note: 'Solver::generic' is private because of this access specifier; nvcc needs the enclosing function to be public; make it public (widens the interface of 'Solver')
    (void)l;
  }
public:
  void run() { // compliant twin
    auto l = [] __device__ () { return 3; };
    (void)l;
  }
};

// Defined outside the class: still protected.
void Solver::relax(int n) {
  auto outer = [n] () {
    auto l = [n] __device__ () { return n; };
    // CHECK: :[[@LINE-1]]:29: error: extended __device__ lambda cannot be defined in 'Solver::relax', a protected member function [extended_lambda_inaccessible_parent]
    // CHECK: :[[@LINE-27]]:1: note: 'Solver::relax' is protected because of this access specifier; nvcc needs the enclosing function to be public; make it public (widens the interface of 'Solver')
    return l;
  };
  (void)outer;
}

struct Open {
  void run() { auto l = [] __device__ () { return 4; }; (void)l; } // twin
private:
  void hidden() { auto l = [] () { return 5; }; (void)l; } // twin: not extended
};
