// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'
// ORACLE: skip nvcc's errors here come from its device-side compilation (a typo and a kernel launch in a __host__ __device__ function): issue 4's device-side parse

// ../shared/seeds/001, restriction 11, as written. nvcc 13.0 rejects it, but
// not for the reason the guide gives: the seed's '__host___' (three
// underscores) is a syntax error in the code compiled with __CUDA_ARCH__
// defined, and a kernel launch in a __host__ __device__ function needs
// -rdc=true on the device side. Both are device-side errors the host-side
// parse cannot see. seed001-arch-definition.cu is the intended example.

template <typename T>
__global__ void kernel(T in) { in(); }
__host__ __device__ void foo(void)
{
// Error: the number and relative declaration
// order of extended lambdas depends on
// __CUDA_ARCH__
#if defined(__CUDA_ARCH__)
auto lam1 = [] __device__{ return 0; };
auto lam1b = [] __host___ __device__{ return 10; };
#endif
auto lam2 = [] __device__{ return 4; };
kernel << <1, 1 >> >(lam2);
}
