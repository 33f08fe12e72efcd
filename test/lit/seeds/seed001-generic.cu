// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// ../shared/seeds/001, restriction 7: __host__ __device__ extended lambdas
// cannot be generic lambdas.

void foo(void) {
// Error: __host__ __device__ extended lambdas cannot be
// generic lambdas.
auto lam1 = [] __host__ __device__(auto i) { return i; };
// CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
// Error: __host__ __device__ extended lambdas cannot be
// generic lambdas.
auto lam2 = [] __host__ __device__(auto ...i) {
// CHECK: :[[@LINE-1]]:13: error: extended __host__ __device__ lambda cannot be generic [extended_host_device_generic_lambda]
return sizeof...(i);
};
}
