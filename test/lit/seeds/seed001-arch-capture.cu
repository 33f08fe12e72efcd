// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'
// ORACLE: plugin-skip clang 22 cannot parse the spaced launch 'kernel << <1, 1 >> >(lam1)'; only the CLI re-parses

// ../shared/seeds/001, restriction 13: captures that depend on
// __CUDA_ARCH__. nvcc 13.0's front end accepts it (the guide: no
// diagnostic); the host compile then fails in nvcc's own header
// ("unexpected number of captures in __host__ __device__ lambda!"). That is
// extended_lambda_arch_dependent_capture (RESTRICTIONS.md section 5, the
// device-side parse), not a front-end error.

__device__ int result;
template <typename T>
__global__ void kernel(T in) { result = in(); }
void foo(void) {
int x1 = 1;
auto lam1 = [=] __host__ __device__{
// Error: "x1" is only captured when __CUDA_ARCH__ is defined.
#ifdef __CUDA_ARCH__
return x1 + 1;
#else
return 10;
#endif
};
kernel << <1, 1 >> >(lam1);
}
