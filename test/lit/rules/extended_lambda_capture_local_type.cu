// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The type of a variable an extended lambda captures cannot involve a type
// local to a function (the closure types of extended lambdas excepted),
// anywhere inside: pointee, array element, template argument, member
// pointer. nvcc 13.0 reports it at the capture (its first use when
// implicit), per instantiation in templates.

#define DEVICE_LAMBDA(...) [__VA_ARGS__] __device__
#define KOKKOS_LAMBDA [=] __host__ __device__

template <typename T> struct Box { T t; };

void locals() {
  struct L { int x; };
  enum E { e0 };
  L l{1};
  E e = e0;
  Box<L> box{};
  L *pl = &l;
  L arr[2] = {};
  int L::*pm = &L::x;
  auto c1 = [l] __device__ () { return l.x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'l': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-10]]:10: note: 'L' declared here; move it to namespace scope
  auto c2 = [e] __host__ __device__ () { return (int)e; };
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot capture 'e': its type involves 'E', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-12]]:8: note: 'E' declared here; move it to namespace scope
  auto c3 = [box] __device__ () { return box.t.x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'box': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-12]]:10: note: 'box' declared here with type 'Box<L>'
  // CHECK: :[[@LINE-17]]:10: note: 'L' declared here; move it to namespace scope
  auto c4 = [=] __device__ () { return pl->x + arr[0].x; };
  // CHECK: :[[@LINE-1]]:40: error: extended __device__ lambda cannot capture 'pl': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: :[[@LINE-2]]:48: error: extended __device__ lambda cannot capture 'arr': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  auto c5 = [pm] __device__ () { return 0; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'pm': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  auto c6 = [copy = l] __device__ () { return copy.x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'copy': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  auto c7 = DEVICE_LAMBDA(l) () { return l.x; };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 'l': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  auto c8 = KOKKOS_LAMBDA () { return l.x; };
  // CHECK: :[[@LINE-1]]:39: error: extended __host__ __device__ lambda cannot capture 'l': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  auto plain = [] () { return 1; };
  auto c9 = [plain] __device__ () { return plain(); };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'plain': its type involves '(lambda at {{.*}})', a type local to a function [extended_lambda_capture_local_type]

  // compliant twins: namespace-scope types, a local typedef of int, the
  // closure of an extended lambda, an unannotated lambda, a local type used
  // only inside the body
  int n = 1;
  typedef int LocalInt;
  LocalInt li = 2;
  Box<int> ibox{3};
  auto inner = [] __device__ () { return 1; };
  auto ok1 = [n, li, ibox] __device__ () { return n + li + ibox.t; };
  auto ok2 = [inner] __device__ () { return inner(); };
  auto ok3 = [l] () { return l.x; };
  auto ok4 = [n] __device__ () { struct In { int v; }; In in{n}; return in.v; };
  (void)c1; (void)c2; (void)c3; (void)c4; (void)c5; (void)c6; (void)c7;
  (void)c8; (void)c9; (void)ok1; (void)ok2; (void)ok3; (void)ok4;
}
