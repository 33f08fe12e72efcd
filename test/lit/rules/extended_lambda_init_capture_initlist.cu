// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// A braced list becomes a cuda::std::array on a note (the type changes):
// RUN: grep -Ev '^ *// (RUN|CHECK|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t.cu %s
// NOTES: #include <cuda/std/array>
// NOTES-NEXT: // A braced list becomes

// An init-capture of an extended lambda cannot have type
// std::initializer_list.

#include <initializer_list>

#define DEVICE_LAMBDA(...) [__VA_ARGS__] __device__

void initlist_captures() {
  auto l1 = [v = {1, 2, 3}] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot have the init-capture 'v' of type 'std::initializer_list<int>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:14: note: nvcc cannot pass a std::initializer_list to the device
  // NOTES: auto l1 = [v = cuda::std::array<int, 3>{1, 2, 3}] __device__ () { return 1; };
  auto l4 = [v = {4, 5}] __device__ (int i) {
    int s = 0;
    for (int e : v)
      s += e;
    return s + v.begin()[i] + (int)v.size();
  };
  // CHECK: :[[@LINE-6]]:14: error: extended __device__ lambda cannot have the init-capture 'v' of type 'std::initializer_list<int>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-7]]:14: note: nvcc cannot pass
  // NOTES: auto l4 = [v = cuda::std::array<int, 2>{4, 5}] __device__ (int i) {
  std::initializer_list<double> il = {1.0, 2.0};
  auto l2 = [w = il] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot have the init-capture 'w' of type 'std::initializer_list<double>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:14: note: nvcc cannot pass
  // NOTES: auto l2 = [w = il] __device__ () { return 1; };
  auto l3 = DEVICE_LAMBDA(u = il) () { return 1; };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot have the init-capture 'u' of type 'std::initializer_list<double>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:13: note: nvcc cannot pass

  // compliant twins: a plain init-capture, an unannotated lambda
  int a[3] = {1, 2, 3};
  auto ok1 = [v = a[0]] __device__ () { return v; };
  auto ok2 = [v = {1, 2, 3}] () { return v.size(); };
  (void)l1; (void)l2; (void)l3; (void)l4; (void)ok1; (void)ok2;
}
