// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it makes the private or protected class around the function
// public, on the note (it widens the interface of the class around it):
// 'public:' before its first declaration there, the access it had after
// its ';'.
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

class Outer {
  struct Inner {
    void run() {
      auto l = [] __device__ () { return 1; };
      // CHECK: :[[@LINE-1]]:30: error: extended __device__ lambda cannot be defined inside 'Outer::Inner', a private nested class [extended_lambda_inaccessible_ancestor]
      // CHECK: :[[@LINE-4]]:10: note: 'Outer::Inner' is private by default; nvcc needs every enclosing class to be public; make it public (widens the interface of 'Outer')
      (void)l;
    }
  };
  // FIXED: {{^}}class Outer {{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  struct Inner {{{$}}
  // FIXED: {{^}}  };{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
protected:
  class Deep;
  // FIXED-NEXT: {{^}}protected:{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  class Deep;{{$}}
  // FIXED-NEXT: {{^}}protected:{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
public:
  static void go();
};

// Defined outside: its declaration in 'Outer' is made public.
class Outer::Deep {
public:
  void run() {
    auto l = [] __device__ () { return 2; };
    // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot be defined inside 'Outer::Deep', a protected nested class [extended_lambda_inaccessible_ancestor]
    // CHECK: :[[@LINE-17]]:1: note: 'Outer::Deep' is protected because of this access specifier; nvcc needs every enclosing class to be public; make it public (widens the interface of 'Outer')
    (void)l;
  }
};

void Outer::go() { Inner{}.run(); Deep{}.run(); }

// Nested private classes: all are made public, in one fix.
class Shell {
  class Mid {
    struct Core {
      void run() {
        auto l = [] __device__ () { return 3; };
        // CHECK: :[[@LINE-1]]:32: error: extended __device__ lambda cannot be defined inside 'Shell::Mid::Core', a private nested class [extended_lambda_inaccessible_ancestor]
        // CHECK: :[[@LINE-4]]:12: note: 'Shell::Mid::Core' is private by default; nvcc needs every enclosing class to be public; make it and the classes around it public (widens the interface of 'Shell::Mid')
        (void)l;
      }
    };
  };
  // FIXED: {{^}}class Shell {{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}  class Mid {{{$}}
  // FIXED-NEXT: {{^}}public:{{$}}
  // FIXED-NEXT: {{^}}    struct Core {{{$}}
  // FIXED: {{^}}    };{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
  // FIXED-NEXT: {{^}}  };{{$}}
  // FIXED-NEXT: {{^}}private:{{$}}
};
