// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/001, restriction 8, second example: the enclosing function
// template instantiated with a local type, and with a member type. As
// written, C1_t is a struct, so C1_t::S1_t is *public*: nvcc 13.0 accepts
// bar4<C1_t::S1_t>() (the comment expects an error; the guide meant a
// private member). The error for bar4<S1_t> is reported at the lambda, once
// per instantiation.

template <typename T>
__global__ void kern(T in) { in(); }
template <typename T>
void bar4(void)
{
auto lam1 = [] __device__ { return 10; };
// CHECK: :[[@LINE-1]]:27: error: extended __device__ lambda cannot be defined in 'bar4<S1_t>': its template arguments involve 'S1_t', a type local to a function [extended_lambda_parent_local_type]
kern<<<1,1>>>(lam1);
}
struct C1_t { struct S1_t { }; friend int main(void); };
int main()
{
struct S1_t { };
// Error: enclosing function for device lambda in bar4
// is instantiated with a type local to main.
bar4<S1_t>();
// Error: enclosing function for device lambda in bar4
// is instantiated with a type that is a private member
// of a class.
bar4<C1_t::S1_t>();
}
