// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'
// ORACLE: plugin-skip clang 22 cannot parse the spaced launch 'kernel << <1, 1 >> >(lam2)'; only the CLI re-parses

// ../shared/seeds/001, restriction 11, corrected (no typo, launched from a
// host function): nvcc 13.0 compiles it without an error -- the guide says
// no diagnostic is given, the host and device numbering of the lambdas
// silently differ. That is extended_lambda_arch_dependent_definition
// (RESTRICTIONS.md section 5, the device-side parse), not a front-end error.

template <typename T>
__global__ void kernel(T in) { in(); }
void foo(void)
{
#if defined(__CUDA_ARCH__)
auto lam1 = [] __device__{ return 0; };
auto lam1b = [] __host__ __device__{ return 10; };
#endif
auto lam2 = [] __device__{ return 4; };
kernel << <1, 1 >> >(lam2);
}
