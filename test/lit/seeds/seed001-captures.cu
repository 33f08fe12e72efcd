// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/001, restriction 10: captures. The guide's lam5 (an array
// captured by copy) is accepted by nvcc 13.0 (arrays of rank 1..7 are), and
// its lam8 is cut off in the seed: here it init-captures the
// initializer_list (the variable is renamed b2, the seed reuses 'b').

#include <initializer_list>

void foo(void) {
// OK: an init-capture is allowed for an
// extended __device__ lambda.
auto lam1 = [x = 1] __device__() { return x; };
// Error: an init-capture is not allowed for
// an extended __host__ __device__ lambda.
auto lam2 = [x = 1] __host__ __device__() { return x; };
// CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot have the init-capture 'x' [extended_lambda_hd_init_capture]
int a = 1;
// Error: an extended __device__ lambda cannot capture
// variables by reference.
auto lam3 = [&a] __device__() { return a; };
// CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'a' by reference [extended_lambda_reference_capture]
// Error: by-reference capture is not allowed
// for an extended __device__ lambda.
auto lam4 = [&x = a] __device__() { return x; };
// CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'x' by reference [extended_lambda_reference_capture]
int b[10] = { 0 };
// Error: an extended __device__ lambda cannot capture a variable
// with array type.
auto lam5 = [b] __device__() { return b[0]; };
struct S1_t { };
S1_t s1;
// Error: a type local to a function cannot be used in the type
// of a captured variable.
auto lam6 = [s1] __device__() { };
// CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 's1': its type involves 'S1_t', a type local to a function [extended_lambda_capture_local_type]
// Error: an init-capture cannot be of type std::initializer_list.
auto lam7 = [x = { 11 }] __device__() { };
// CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot have the init-capture 'x' of type 'std::initializer_list<int>' [extended_lambda_init_capture_initlist]
std::initializer_list<int> b2 = { 11,22,33 };
// Error: an init-capture cannot be of type std::initializer_list.
auto lam8 = [x = b2] __device__() { };
// CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot have the init-capture 'x' of type 'std::initializer_list<int>' [extended_lambda_init_capture_initlist]
}
