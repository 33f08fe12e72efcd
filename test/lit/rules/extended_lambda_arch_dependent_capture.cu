// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// The macro-hidden lambda has no automatic fix:
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | grep 'error:' | count 1

// An extended lambda whose captured variables (or their order) depend on
// __CUDA_ARCH__: the host builds the closure with one layout and the device
// reads it with another. nvcc 13.0 compiles it without a word and the device
// reads wrong values (../shared/gpu/arch_capture.cu: 3 instead of 42); with
// different capture counts the host compilation of the launch fails inside
// nvcc's own header, unless another extended lambda of the file has as many
// captures (as here: nvcc -c compiles this whole file). An error when the
// closure reaches a kernel, a warning otherwise.

template <typename T> __global__ void kernel(T in) { in(); }
template <typename F> void launch(F f) { kernel<<<1, 1>>>(f); }

void other_variable(int x1, int x2) {
  auto lam = [=] __host__ __device__ {
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda captures 'x1' in the host compilation but 'x2' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
    return x2 + 2;
    // CHECK: :[[@LINE-1]]:12: note: 'x2' is captured only in the device compilation
#else
    return x1 + 10;
    // CHECK: :[[@LINE-1]]:12: note: 'x1' is captured only in the host compilation
#endif
  };
  kernel<<<1, 1>>>(lam);
  // CHECK: :[[@LINE-1]]:20: note: the host copies the closure to the device here, through 'kernel'; the device then reads the captured values from the wrong places
  // CHECK: :[[@LINE-12]]:14: note: capture the variables explicitly, so that both compilations capture all of them in one order
  // FIXED: auto lam = [x1, x2] __host__ __device__ {
}

void other_order(int a, int b) {
  auto lam = [=] __device__ {
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda captures 'a', 'b' in the host compilation but 'b', 'a' in the device compilation [extended_lambda_arch_dependent_capture]
#if defined(__CUDA_ARCH__)
    return b - a;
#else
    return a - b;
    // CHECK: :[[@LINE-1]]:12: note: 'a' is capture 1 in the host compilation but capture 2 in the device compilation
#endif
  };
  launch(lam);
  // CHECK: :[[@LINE-1]]:10: note: the host copies the closure to the device here, through 'launch'; the device then reads the captured values from the wrong places
  // CHECK: :[[@LINE-11]]:14: note: capture the variables explicitly
  // FIXED: auto lam = [a, b] __device__ {
}

void other_count(int a, int b) {
  auto lam = [=] __device__ {
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda captures 'a' in the host compilation but 'a', 'b' in the device compilation [extended_lambda_arch_dependent_capture]
#if __CUDA_ARCH__ >= 700
    return a + b;
    // CHECK: :[[@LINE-1]]:16: note: 'b' is captured only in the device compilation
#else
    return a;
#endif
  };
  kernel<<<1, 1>>>(lam);
  // CHECK: :[[@LINE-1]]:20: note: the host copies the closure to the device here, through 'kernel'; the capture counts differ: nvcc's host compilation fails (its static assertion 'unexpected number of captures!'), or compiles when another extended lambda of the file has as many captures
  // CHECK: :[[@LINE-11]]:14: note: capture the variables explicitly
  // FIXED: auto lam = [a, b] __device__ {
}

// A chain of launchers deeper than the launcher search follows (five
// calls): the kernel's specialization over the closure, which the walk
// records, tells that the closure reaches it (a warning until 2026-12-01).
template <typename F> void deep6(F f) { kernel<<<1, 1>>>(f); }
template <typename F> void deep5(F f) { deep6(f); }
template <typename F> void deep4(F f) { deep5(f); }
template <typename F> void deep3(F f) { deep4(f); }
template <typename F> void deep2(F f) { deep3(f); }
template <typename F> void deep1(F f) { deep2(f); }

void deep_chain(int x1, int x2) {
  deep1([=] __host__ __device__ {
  // CHECK: :[[@LINE-1]]:9: error: extended __host__ __device__ lambda captures 'x1' in the host compilation but 'x2' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
    return x2 + 2;
    // CHECK: :[[@LINE-1]]:12: note: 'x2' is captured only in the device compilation
#else
    return x1 + 10;
    // CHECK: :[[@LINE-1]]:12: note: 'x1' is captured only in the host compilation
#endif
  });
  // CHECK: :[[@LINE-18]]:41: note: the host copies the closure to the device here, through 'kernel'; the device then reads the captured values from the wrong places
  // CHECK: :[[@LINE-18]]:41: note: in instantiation of 'deep6<{{.*}}>' requested here
  // CHECK: :[[@LINE-15]]:41: note: in instantiation of 'deep2<{{.*}}>' requested here
  // CHECK: :[[@LINE-13]]:3: note: in instantiation of 'deep1<{{.*}}>' requested here
  // CHECK: :[[@LINE-14]]:9: note: capture the variables explicitly
  // FIXED: deep1([x1, x2] __host__ __device__ {
}

// Not sent to a kernel in this file: a warning.
void not_launched(int x, int y) {
  auto lam = [=] __device__ {
  // CHECK: :[[@LINE-1]]:14: warning: extended __device__ lambda captures 'x' in the host compilation but 'y' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
    return y;
    // CHECK: :[[@LINE-1]]:12: note: 'y' is captured only in the device compilation
#else
    return x;
    // CHECK: :[[@LINE-1]]:12: note: 'x' is captured only in the host compilation
#endif
  };
  // CHECK: :[[@LINE-10]]:14: note: capture the variables explicitly
  // FIXED: auto lam = [x, y] __device__ {
  (void)lam;
}

// Hidden in a macro: reported at the macro, no automatic fix.
#define XL_LAMBDA [=] __host__ __device__
void macro_hidden(int x, int y) {
  auto lam = XL_LAMBDA () {
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda captures 'x' in the host compilation but 'y' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
    return y;
    // CHECK: :[[@LINE-1]]:12: note: 'y' is captured only in the device compilation
#else
    return x;
    // CHECK: :[[@LINE-1]]:12: note: 'x' is captured only in the host compilation
#endif
  };
  kernel<<<1, 1>>>(lam);
  // CHECK: :[[@LINE-1]]:20: note: the host copies the closure
  // CHECK: :[[@LINE-12]]:14: note: capture the variables explicitly
}

// CCCL's NV_IF_TARGET expands to one branch per compilation: the host
// branch does not use 'w'.
#include <nv/target>
void nv_if_target(double *d, double w) {
  auto lam = [=] __device__ {
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda captures 'd' in the host compilation but 'd', 'w' in the device compilation [extended_lambda_arch_dependent_capture]
    NV_IF_TARGET(NV_IS_DEVICE, (d[0] *= w;), (d[0] = 0;));
    // CHECK: :[[@LINE-1]]:5: note: 'w' is captured only in the device compilation
  };
  launch(lam);
  // CHECK: :[[@LINE-1]]:10: note: the host copies the closure to the device here, through 'launch'
  // CHECK: :[[@LINE-7]]:14: note: capture the variables explicitly
  // FIXED: auto lam = [d, w] __device__ {
}

// ---- compliant twins ----------------------------------------------------

// The same variables, in the same order, on both sides.
void same_variables(int x, int y) {
  auto lam = [=] __device__ {
#ifdef __CUDA_ARCH__
    return x + y;
#else
    return x * y;
#endif
  };
  kernel<<<1, 1>>>(lam);
}

// __CUDA_ARCH__ compared with a number inside the body, same variables.
void arch_value_same_variables(int x) {
  auto lam = [=] __device__ {
#if __CUDA_ARCH__ >= 800
    return x * 2;
#else
    return x;
#endif
  };
  kernel<<<1, 1>>>(lam);
}

// NV_IF_TARGET whose branches use the same variables.
void nv_if_target_same(double *d, double w) {
  auto lam = [=] __device__ {
    NV_IF_TARGET(NV_IS_DEVICE, (d[0] *= w;), (d[0] = w;));
  };
  launch(lam);
}

// An explicit capture list: both sides capture both, in the list's order.
void explicit_list(int x1, int x2) {
  auto lam = [x1, x2] __host__ __device__ {
#ifdef __CUDA_ARCH__
    return x2 + 2;
#else
    return x1 + 10;
#endif
  };
  kernel<<<1, 1>>>(lam);
}
