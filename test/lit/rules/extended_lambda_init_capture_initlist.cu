// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// An init-capture of an extended lambda cannot have type
// std::initializer_list.

#include <initializer_list>

#define DEVICE_LAMBDA(...) [__VA_ARGS__] __device__

void initlist_captures() {
  auto l1 = [v = {1, 2, 3}] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot have the init-capture 'v' of type 'std::initializer_list<int>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:14: note: nvcc cannot pass a std::initializer_list to the device
  std::initializer_list<double> il = {1.0, 2.0};
  auto l2 = [w = il] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot have the init-capture 'w' of type 'std::initializer_list<double>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:14: note: nvcc cannot pass
  auto l3 = DEVICE_LAMBDA(u = il) () { return 1; };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot have the init-capture 'u' of type 'std::initializer_list<double>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:13: note: nvcc cannot pass

  // compliant twins: a plain init-capture, an unannotated lambda
  int a[3] = {1, 2, 3};
  auto ok1 = [v = a[0]] __device__ () { return v; };
  auto ok2 = [v = {1, 2, 3}] () { return v.size(); };
  (void)l1; (void)l2; (void)l3; (void)ok1; (void)ok2;
}
