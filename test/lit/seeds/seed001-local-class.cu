// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/001, restriction 5: an extended lambda cannot be defined
// in a class that is local to a function.

void foo(void) {
struct S1_t {
void bar(void) {
// Error: bar is member of a class that is local to a function.
auto lam4 = [] __host__ __device__{ return 0; };
// CHECK: :[[@LINE-1]]:35: error: extended __host__ __device__ lambda cannot be defined in 'S1_t::bar', a member function of a class defined inside a function [extended_lambda_enclosing_function_local]
}
};
}
