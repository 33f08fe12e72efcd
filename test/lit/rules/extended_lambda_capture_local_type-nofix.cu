// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// No move to namespace scope is offered (issue 18) when the type names
// something of its function or of the class around it, when its name is
// used elsewhere in the file, or when its definition is not its own
// statement written in the file: --fix-notes changes nothing. (A
// template parameter: extended_lambda_capture_local_type-nofix-templates.cu.)
// RUN: cp %s %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: diff %s %t.cu

#define MAKE(N) struct N { int v; }

int G = 0; // a variable G at namespace scope

void refused() {
  typedef int I;
  struct A { I i; };
  // CHECK-DAG: :[[@LINE-1]]:10: note: 'A' declared here{{$}}
  struct G { int v; };
  // CHECK-DAG: :[[@LINE-1]]:10: note: 'G' declared here{{$}}
  struct H;
  struct H { int v; };
  // CHECK-DAG: :[[@LINE-2]]:10: note: 'H' declared here{{$}}
  struct K { int v; } k{1};
  // CHECK-DAG: :[[@LINE-1]]:10: note: 'K' declared here{{$}}
  MAKE(M);
  // CHECK-DAG: :[[@LINE-1]]:3: note: 'M' declared here{{$}}
  static const int n = 2;
  struct N { int a[n]; };
  // CHECK-DAG: :[[@LINE-1]]:10: note: 'N' declared here{{$}}
  A a{1};
  G g{2};
  H h{3};
  M m{4};
  N nn{{5, 6}};
  auto c = [a, g, h, k, m, nn] __device__ () {
    return a.i + g.v + h.v + k.v + m.v + nn.a[0];
  };
  // CHECK-DAG: :[[@LINE-3]]:13: error: extended __device__ lambda cannot capture 'a': its type involves 'A', a type local to a function [extended_lambda_capture_local_type]
  // CHECK-DAG: :[[@LINE-4]]:16: error: extended __device__ lambda cannot capture 'g': its type involves 'G', a type local to a function [extended_lambda_capture_local_type]
  // CHECK-DAG: :[[@LINE-5]]:19: error: extended __device__ lambda cannot capture 'h': its type involves 'H', a type local to a function [extended_lambda_capture_local_type]
  // CHECK-DAG: :[[@LINE-6]]:22: error: extended __device__ lambda cannot capture 'k': its type involves 'K', a type local to a function [extended_lambda_capture_local_type]
  // CHECK-DAG: :[[@LINE-7]]:25: error: extended __device__ lambda cannot capture 'm': its type involves 'M', a type local to a function [extended_lambda_capture_local_type]
  // CHECK-DAG: :[[@LINE-8]]:28: error: extended __device__ lambda cannot capture 'nn': its type involves 'N', a type local to a function [extended_lambda_capture_local_type]
  (void)c;
}

struct Outer {
  typedef int Member;
  void run() {
    struct D { Member m; };
    // CHECK-DAG: :[[@LINE-1]]:12: note: 'D' declared here{{$}}
    D d{1};
    auto c = [d] __device__ () { return d.m; };
    // CHECK-DAG: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'd': its type involves 'D', a type local to a function [extended_lambda_capture_local_type]
    (void)c;
  }
};

void other() {
  enum U { u0 };
  // CHECK-DAG: :[[@LINE-1]]:8: note: 'U' declared here{{$}}
  U u = u0;
  auto c = [u] __device__ () { return (int)u; };
  // CHECK-DAG: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 'u': its type involves 'U', a type local to a function [extended_lambda_capture_local_type]
  (void)c;
}

int u0 = 0; // the enumerator's name at namespace scope

void use() {
  refused();
  Outer().run();
}
