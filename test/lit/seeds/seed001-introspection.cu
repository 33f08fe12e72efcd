// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/001, restriction 12: host code inspecting operator(). The
// guide calls lam1's line an error, but nvcc 13.0 keeps simple return types
// in its placeholder: std::result_of works for both lambdas, and the file
// compiles (front end and host compile).

#include <type_traits>
void foo(void)
{
auto lam1 = [] __device__{ return 10; };
// Error: attempt to extract the return type
// of a __device__ lambda in host code
std::result_of<decltype(lam1)()>::type xx1 = 1;
auto lam2 = [] __host__ __device__{ return 10; };
// OK : lam2 represents a __host__ __device__ extended lambda
std::result_of<decltype(lam2)()>::type xx2 = 1;
}
