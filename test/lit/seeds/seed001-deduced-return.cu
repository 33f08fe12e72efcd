// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/001, restriction 6: the enclosing function of an extended
// lambda cannot have a deduced return type.

auto foo(void) {
// Error: the return type of foo is deduced.
auto lam1 = [] __host__ __device__{ return 0; };
// CHECK: :[[@LINE-1]]:35: error: extended __host__ __device__ lambda cannot be defined in 'foo': its return type is deduced [extended_lambda_enclosing_function_deducible]
// CHECK: :[[@LINE-4]]:1: note: 'foo' returns 'void'; write it instead
}
