// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it makes the enclosing member function public, on the note (it
// widens the class's interface): 'public:' before its first declaration in
// the class (a template's head included), the access it had after it (its
// ';', or the '}' of a definition in the class); none for a function a
// macro declares.
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|AFTER)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | FileCheck --check-prefix=AFTER %s --implicit-check-not='{{warning|error}}:'

#define HIDDEN_STEP void hidden();

class Solver {
  void step() {
    auto l = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in 'Solver::step', a private member function [extended_lambda_inaccessible_parent]
    // CHECK: :[[@LINE-4]]:7: note: members of 'Solver' are private by default; nvcc needs the enclosing function to be public; make it public (widens the interface of 'Solver')
    (void)l;
  }
  // FIXED: {{^}}class Solver {{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  void step() {{{$}}
  // FIXED-NEXT: {{^}}    auto l = [] __device__ () { return 1; };{{$}}
  // FIXED-NEXT: {{^}}    (void)l;{{$}}
  // FIXED-NEXT: {{^}}  }{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
  HIDDEN_STEP
  // FIXED-NEXT: {{^}}  HIDDEN_STEP{{$}}
protected:
  void relax(int n);
  template <typename T>
  void generic() {
    auto l = [] __device__ () { return 2; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined in 'Solver::generic', a protected member function [extended_lambda_inaccessible_parent]
    // CHECK: :[[@LINE-6]]:1: note: 'Solver::generic' is protected because of this access specifier; nvcc needs the enclosing function to be public; make it public (widens the interface of 'Solver')
    (void)l;
  }
  // FIXED-NEXT: {{^}}protected:{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  void relax(int n);{{$}}
  // FIXED-NEXT: {{^}}protected:{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  template <typename T>{{$}}
  // FIXED-NEXT: {{^}}  void generic() {{{$}}
  // FIXED: {{^}}  }{{$}}
  // FIXED-NEXT: {{^}}protected:{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
public:
  void run() { step(); hidden(); relax(1); generic<int>(); }
};

// Defined outside the class: the declaration in the class is made public.
void Solver::relax(int n) {
  auto l = [n] __device__ () { return n; };
  // CHECK: :[[@LINE-1]]:27: error: extended __device__ lambda cannot be defined in 'Solver::relax', a protected member function [extended_lambda_inaccessible_parent]
  // CHECK: :[[@LINE-27]]:1: note: 'Solver::relax' is protected because of this access specifier; nvcc needs the enclosing function to be public; make it public (widens the interface of 'Solver')
  (void)l;
}

// Declared by a macro: no fix-it.
void Solver::hidden() {
  auto l = [] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:26: error: extended __device__ lambda cannot be defined in 'Solver::hidden', a private member function [extended_lambda_inaccessible_parent]
  // CHECK: :[[@LINE-51]]:7: note: members of 'Solver' are private by default; nvcc needs the enclosing function to be public{{$}}
  // AFTER: error: extended __device__ lambda cannot be defined in 'Solver::hidden', a private member function [extended_lambda_inaccessible_parent]
  (void)l;
}
