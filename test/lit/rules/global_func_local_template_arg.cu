// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// A type defined inside a host function cannot be a template argument
// (anywhere inside, function types included) of a __global__ function
// template. nvcc 13.0 reports it where the specialization is first
// requested, once per specialization. The closure types of extended lambdas
// are allowed; those of other lambdas are global_lambda_template_arg.

template <typename T> struct Box { T t; };
template <typename T> __global__ void kern(T in) {}
template <typename T> __global__ void kern2() {}

void launches() {
  struct L { int x; };
  enum E { e0 };
  kern<<<1, 1>>>(L{});
  // CHECK: :[[@LINE-1]]:3: error: 'L' cannot be a template argument of the __global__ function 'kern': it is defined in a __host__ function [global_func_local_template_arg]
  // CHECK: :[[@LINE-4]]:10: note: 'L' declared here; move it to namespace scope
  kern2<Box<L> *><<<1, 1>>>();
  // CHECK: :[[@LINE-1]]:3: error: 'L' cannot be a template argument of the __global__ function 'kern2': it is defined in a __host__ function [global_func_local_template_arg]
  kern<<<1, 1>>>(e0);
  // CHECK: :[[@LINE-1]]:3: error: 'E' cannot be a template argument of the __global__ function 'kern': it is defined in a __host__ function [global_func_local_template_arg]
  void (*fp)(L) = nullptr;
  kern
      <<<1, 1>>>(fp);
  // CHECK: :[[@LINE-2]]:3: error: 'L' cannot be a template argument of the __global__ function 'kern': it is defined in a __host__ function [global_func_local_template_arg]
  kern<<<1, 1>>>(L{}); // the same specialization again: reported once

  // compliant twins: namespace-scope types, the closure of an extended
  // lambda, a local type that stays in host code
  kern<<<1, 1>>>(Box<int>{});
  auto dl = [] __device__ () { return 1; };
  kern<<<1, 1>>>(dl);
  L host_only{1};
  (void)host_only;
}

// Through a template: the note shows the instantiation that requested it.
template <typename T> void launch(T v) { kern<<<1, 1>>>(v); }
// CHECK: :[[@LINE-1]]:42: error: 'M' cannot be a template argument of the __global__ function 'kern': it is defined in a __host__ function [global_func_local_template_arg]
// CHECK: :[[@LINE+4]]:10: note: 'M' declared here; move it to namespace scope
// CHECK: :[[@LINE+4]]:3: note: in instantiation of 'launch<M>' requested here

void indirect() {
  struct M {};
  launch(M{});
  launch(1.0f); // compliant twin
}
