// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// ORACLE: plugin-skip clang 22 cannot parse the spaced launch 'foo << <1, 1 >> >(lam1)'; only the CLI re-parses

// ../shared/seeds/000 (CUDA programming guide, Chinese translation): "*this
// capture by value". nvcc 13.0 accepts every lambda below; the guide calls
// lam2 and lam3 of host_func and host_device_func errors, which nvcc 13.0
// no longer reports (C++17 and C++20 alike). xlambda warns about the first
// example, whose kernel would dereference the host pointer 'this'.

#include <cstdio>
template <typename T>
__global__ void foo(T in) { printf("\n value = %d", in()); }
struct S1_t {
int xxx;
__host__ __device__ S1_t(void) : xxx(10) { };
void doit(void) {
auto lam1 = [=] __device__{
// reference to "xxx" causes
// the 'this' pointer (S1_t*) to be captured by value
return xxx + 1;
// CHECK: :[[@LINE-1]]:8: warning: extended __device__ lambda implicitly captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
};
// Kernel launch fails at run time because 'this->xxx'
// is not accessible from the GPU
foo << <1, 1 >> >(lam1);
cudaDeviceSynchronize();
}
};
struct S2_t {
int xxx;
__host__ __device__ S2_t(void) : xxx(10) { };
void doit(void) {
// note the "*this" capture specification
auto lam1 = [=, *this] __device__{
// reference to "xxx" causes
// the object denoted by '*this' to be captured by
// value, and the GPU code will access copy_of_star_this->xxx
return xxx + 1;
};
// Kernel launch succeeds
foo << <1, 1 >> >(lam1);
cudaDeviceSynchronize();
}
};
struct S3_t {
int xxx;
__host__ __device__ S3_t(void) : xxx(10) { };
void host_func(void) {
// OK: use in an extended __device__ lambda
auto lam1 = [=, *this] __device__{ return xxx; };
// Error: use in an extended __host__ __device__ lambda
auto lam2 = [=, *this] __host__ __device__{ return xxx; };
// Error: use in an unannotated lambda in host function
auto lam3 = [=, *this]{ return xxx; };
}
__device__ void device_func(void) {
// OK: use in a lambda defined in a __device__ function
auto lam1 = [=, *this] __device__{ return xxx; };
// OK: use in a lambda defined in a __device__ function
auto lam2 = [=, *this] __host__ __device__{ return xxx; };
// OK: use in a lambda defined in a __device__ function
auto lam3 = [=, *this]{ return xxx; };
}
__host__ __device__ void host_device_func(void) {
// OK: use in an extended __device__ lambda
auto lam1 = [=, *this] __device__{ return xxx; };
// Error: use in an extended __host__ __device__ lambda
auto lam2 = [=, *this] __host__ __device__{ return xxx; };
// Error: use in an unannotated lambda in a __host__ __device__ function
auto lam3 = [=, *this]{ return xxx; };
}
};
int main(void) {
S1_t s1;
s1.doit();
}
