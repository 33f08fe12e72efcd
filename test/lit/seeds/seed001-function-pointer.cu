// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// ORACLE: host
// ORACLE: plugin-skip clang 22 cannot parse the spaced launches 'kern << <1, 1 >> >(...)'; only the CLI re-parses

// ../shared/seeds/001, restriction 14: converting a __device__ lambda to a
// function pointer in host code. nvcc 13.0's front end accepts the file; its
// host compile fails on fp2's line ("cannot convert __nv_dl_wrapper_t<...>
// to int (*)(double)"): extended_lambda_host_function_pointer
// (RESTRICTIONS.md section 5). clang 22 rejects the same line while
// parsing; xlambda reports clang's error there.

template <typename T>
__global__ void kern(T in)
{
int(*fp)(double) = in;
// OK: conversion in device code is supported
fp(0);
auto lam1 = [](double) { return 1; };
// OK: conversion in device code is supported
fp = lam1;
fp(0);
}
void foo(void)
{
auto lam_d = [] __device__(double) { return 1; };
auto lam_hd = [] __host__ __device__(double) { return 1; };
kern << <1, 1 >> >(lam_d);
kern << <1, 1 >> >(lam_hd);
// OK : conversion for __host__ __device__ lambda is supported
// in host code
int(*fp)(double) = lam_hd;
// Error: conversion for __device__ lambda is not supported in
// host code.
int(*fp2)(double) = lam_d;
// CHECK: :[[@LINE-1]]:21: error: extended __device__ lambda cannot be converted to a function pointer in host code [extended_lambda_host_function_pointer]
}
