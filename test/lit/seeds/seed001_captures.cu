// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// The capture examples of the CUDA Programming Guide excerpt in
// shared/seeds/001 (restriction 10), as written there, with the missing
// lines completed so that the file compiles. nvcc 13.0 reports each line
// marked "Error" in the guide; xlambda reports the same lines.

#include <initializer_list>

void foo(void) {
  // OK: an init-capture is allowed for an
  // extended __device__ lambda.
  auto lam1 = [x = 1] __device__() { return x; };
  // Error: an init-capture is not allowed for
  // an extended __host__ __device__ lambda.
  auto lam2 = [x = 1] __host__ __device__() { return x; };
  // CHECK: :[[@LINE-1]]:16: error: extended __host__ __device__ lambda cannot have the init-capture 'x' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-2]]:3: note: declare 'x_1' before the statement, capture it by copy and use it in the body ('x' already names something there)
  int a = 1;
  // Error: an extended __device__ lambda cannot capture
  // variables by reference.
  auto lam3 = [&a] __device__() { return a; };
  // CHECK: :[[@LINE-1]]:17: error: extended __device__ lambda cannot capture 'a' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-5]]:7: note: 'a' declared here
  // Error: by-reference capture is not allowed
  // for an extended __device__ lambda.
  auto lam4 = [&x = a] __device__() { return x; };
  // CHECK: :[[@LINE-1]]:17: error: extended __device__ lambda cannot capture 'x' by reference [extended_lambda_reference_capture]
  int b[10] = { 0 };
  // The guide's "Error: an extended __device__ lambda cannot capture a
  // variable with array type" predates CUDA 11: nvcc 13.0 accepts arrays of
  // up to 7 dimensions.
  auto lam5 = [b] __device__() { return b[0]; };
  struct S1_t { };
  S1_t s1;
  // Error: a type local to a function cannot be used in the type
  // of a captured variable (extended_lambda_capture_local_type, see its own
  // tests; disabled here).
  // Error: an init-capture cannot be of type std::initializer_list.
  auto lam7 = [x = { 11 }] __device__() { };
  // CHECK: :[[@LINE-1]]:16: error: extended __device__ lambda cannot have the init-capture 'x' of type 'std::initializer_list<int>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:16: note: nvcc cannot pass
  std::initializer_list<int> b2 = { 11,22,33 };
  // Error: an init-capture cannot be of type std::initializer_list.
  auto lam8 = [x = b2] __device__() { };
  // CHECK: :[[@LINE-1]]:16: error: extended __device__ lambda cannot have the init-capture 'x' of type 'std::initializer_list<int>' [extended_lambda_init_capture_initlist]
  // CHECK: :[[@LINE-2]]:16: note: nvcc cannot pass
  (void)lam1; (void)lam2; (void)lam3; (void)lam4; (void)lam5; (void)s1;
  (void)lam7; (void)lam8;
}
