// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck --check-prefixes=CHECK,SM75 %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck --check-prefixes=CHECK,SM75 %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify --prefixes CHECK,SM75 %s -- -std=c++17 %}
// RUN: not %xlambda check --quiet %s -- -std=c++17 --cuda-gpu-arch=sm_90 | FileCheck --check-prefixes=CHECK,SM90 %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 --cuda-gpu-arch=sm_90 | FileCheck --check-prefixes=CHECK,SM90 %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify --prefixes CHECK,SM90 %s -- -std=c++17 --cuda-gpu-arch=sm_90 %}
// nvcc's own spellings of the architecture, after `--`:
// RUN: not %xlambda check --quiet %s -- -std=c++17 -arch=sm_90 | FileCheck --check-prefixes=CHECK,SM90 %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet %s -- -std=c++17 -gencode arch=compute_90,code=sm_90 | FileCheck --check-prefixes=CHECK,SM90 %s --implicit-check-not='{{warning|error}}:'
// RUN: grep -Ev '^ *// (RUN|CHECK|SM75|SM90|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: cp %t.cu %t.again.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: diff %t.cu %t.again.cu

// nvcc names an extended lambda by its enclosing function and its position
// among that function's extended lambdas. When __CUDA_ARCH__ decides whether
// a lambda exists, host and device number them differently and a launch from
// the host runs another lambda's device code. nvcc 13.0 compiles all of this
// without a word (../shared/gpu/arch_count.cu: 0 instead of 4). xlambda parses
// the device side too, for the command's GPU architecture (sm_75, nvcc 13.0's
// default, unless the command names one).

template <typename T> __global__ void kernel(T in) { in(); }

__host__ __device__ void device_only_first() {
#if defined(__CUDA_ARCH__)
  auto lam1 = [] __device__ { return 0; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda is defined only in the device compilation of 'device_only_first' [extended_lambda_arch_dependent_definition]
  // CHECK: :[[@LINE-3]]:1: note: '#if defined(__CUDA_ARCH__)' decides whether it is defined; define it in both compilations, or use a named function object
  // CHECK: :[[@LINE+5]]:15: note: so this extended lambda is number 1 in the host compilation but number 2 in the device compilation: a launch from the host finds no device code for it, or another lambda's
  // No move of the '#if': the launch below exists in the host compilation
  // only, so the device compilation would still have no kernel for lam2.
  (void)lam1;
#endif
  auto lam2 = [] __device__ { return 4; };
  // CHECK: :[[@LINE-11]]:26: note: nvcc identifies an extended lambda by its enclosing function and its position among the function's extended lambdas
#if !defined(__CUDA_ARCH__)
  kernel<<<1, 1>>>(lam2);
#endif
}

void host_only_last() {
  auto a = [] __device__ { return 1; };
#ifndef __CUDA_ARCH__
  auto b = [] __device__ { return 2; };
  // CHECK: :[[@LINE-1]]:12: error: extended __device__ lambda is defined only in the host compilation of 'host_only_last' [extended_lambda_arch_dependent_definition]
  // CHECK: :[[@LINE-3]]:1: note: '#ifndef __CUDA_ARCH__' decides whether it is defined
  // CHECK: :[[@LINE-3]]:3: note: move '#ifndef __CUDA_ARCH__' below this declaration
  // CHECK: :[[@LINE-7]]:6: note: nvcc identifies an extended lambda
  // FIXED: {{^}}  auto b = [] __device__ { return 2; };
  // FIXED-NEXT: {{^}}#ifndef __CUDA_ARCH__
  (void)b;
#endif
  (void)a;
}

// Defined, and launched, in the host compilation only: the device
// compilation has no code for this lambda.
void launched_from_host_only() {
#ifndef __CUDA_ARCH__
  auto b = [] __device__ { return 2; };
  // CHECK: :[[@LINE-1]]:12: error: extended __device__ lambda is defined only in the host compilation of 'launched_from_host_only' [extended_lambda_arch_dependent_definition]
  // CHECK: :[[@LINE-3]]:1: note: '#ifndef __CUDA_ARCH__' decides whether it is defined
  // CHECK: :[[@LINE-5]]:6: note: nvcc identifies
  kernel<<<1, 1>>>(b);
#endif
}

// The whole function exists in the host compilation only.
#if !defined(__CUDA_ARCH__)
void host_only_function() {
  auto c = [] __device__ { return 3; };
  // CHECK: :[[@LINE-1]]:12: error: extended __device__ lambda is defined only in the host compilation of 'host_only_function' [extended_lambda_arch_dependent_definition]
  // CHECK: :[[@LINE-4]]:1: note: '#if !defined(__CUDA_ARCH__)' decides whether it is defined
  // CHECK: :[[@LINE-4]]:6: note: nvcc identifies
  kernel<<<1, 1>>>(c);
}
#endif

// A function of the device compilation only: nothing on the host can name
// its lambdas.
#ifdef __CUDA_ARCH__
__host__ __device__ void device_only_function() {
  auto d = [] __device__ { return 4; };
  (void)d;
}
#endif

// __CUDA_ARCH__ compared with a number: the lambda exists for sm_80 and
// later only. Checked for sm_75 there is nothing to report (no compilation
// has it); checked for sm_90 the device compilation has one lambda more.
void arch_value() {
#if __CUDA_ARCH__ >= 800
  auto fast = [] __device__ { return 80; };
  // SM90: :[[@LINE-1]]:15: error: extended __device__ lambda is defined only in the device compilation of 'arch_value' [extended_lambda_arch_dependent_definition]
  // SM90: :[[@LINE-3]]:1: note: '#if __CUDA_ARCH__ >= 800' decides whether it is defined
  // SM90: :[[@LINE-3]]:3: note: move '#if __CUDA_ARCH__ >= 800' below this declaration
  // SM90: :[[@LINE+3]]:17: note: so this extended lambda is number 1 in the host compilation but number 2 in the device compilation
  (void)fast;
#endif
  auto common = [] __device__ { return 1; };
  // SM90: :[[@LINE-10]]:6: note: nvcc identifies
  (void)common;
}

// An #if/#elif chain whose arms define different numbers of lambdas. For
// sm_90 the '#if' arm and the '#else' arm are alternatives at the same
// position (compliant); for sm_75 the '#elif' arm has two lambdas.
void elif_chain() {
#if __CUDA_ARCH__ >= 800
  auto a = [] __device__ { return 80; };
  (void)a;
#elif defined(__CUDA_ARCH__)
  auto b = [] __device__ { return 70; };
  auto c = [] __device__ { return 71; };
  // SM75: :[[@LINE-2]]:12: error: extended __device__ lambda is defined only in the device compilation of 'elif_chain'
  // SM75: :[[@LINE-4]]:1: note: '#elif defined(__CUDA_ARCH__)' decides whether it is defined
  // SM75: note: nvcc identifies
  // SM75: :[[@LINE-4]]:12: error: extended __device__ lambda is defined only in the device compilation of 'elif_chain'
  // SM75: :[[@LINE-7]]:1: note: '#elif defined(__CUDA_ARCH__)' decides
  // SM75: note: nvcc identifies
  (void)b; (void)c;
#else
  auto h = [] __device__ { return 0; };
  // SM75: :[[@LINE-1]]:12: error: extended __device__ lambda is defined only in the host compilation of 'elif_chain'
  // SM75: :[[@LINE-3]]:1: note: '#else' decides whether it is defined
  // SM75: note: nvcc identifies
  (void)h;
#endif
}

// A macro that expands to a lambda in one compilation only.
#ifdef __CUDA_ARCH__
#define DEVICE_ONLY_LAMBDA(name) auto name = [] __device__ { return 1; }
#else
#define DEVICE_ONLY_LAMBDA(name) int name = 0
#endif

void macro_hidden() {
  DEVICE_ONLY_LAMBDA(first);
  // CHECK: :[[@LINE-1]]:3: error: extended __device__ lambda is defined only in the device compilation of 'macro_hidden' [extended_lambda_arch_dependent_definition]
  // CHECK: :[[@LINE-9]]:1: note: '#ifdef __CUDA_ARCH__' decides whether it is defined
  // CHECK: :[[@LINE+1]]:17: note: so this extended lambda is number 1 in the host compilation but number 2 in the device compilation
  auto second = [] __device__ { return 2; };
  // CHECK: :[[@LINE-6]]:6: note: nvcc identifies
  (void)first; (void)second;
}

// ---- compliant twins ----------------------------------------------------

// The same lambda in both compilations; __CUDA_ARCH__ only inside its body.
void conditional_in_body(int x) {
  auto l = [=] __device__ {
#ifdef __CUDA_ARCH__
    return x + 1;
#else
    return x - 1;
#endif
  };
  kernel<<<1, 1>>>(l);
}

// Alternatives: each arm defines one lambda at the same position.
void alternatives() {
#if __CUDA_ARCH__ >= 800
  auto l = [] __device__ { return 80; };
#elif defined(__CUDA_ARCH__)
  auto l = [] __device__ { return 70; };
#else
  auto l = [] __device__ { return 0; };
#endif
  auto m = [] __device__ { return 1; };
  (void)l; (void)m;
}

// A conditional in the function that holds no lambda.
void conditional_without_lambda() {
  auto l = [] __device__ { return 1; };
#ifdef __CUDA_ARCH__
  int device_only = 1;
  (void)device_only;
#endif
  (void)l;
}

// A plain lambda (not extended) under the conditional is not numbered.
void plain_lambda_under_conditional() {
#ifndef __CUDA_ARCH__
  auto p = [] { return 1; };
  (void)p;
#endif
  auto l = [] __device__ { return 1; };
  (void)l;
}

// The same with a __host__ function whose launch needs no '#if': moving the
// directive below lam1's declaration defines lam1 in both compilations
// (test/gpu/arch_count_host_fixed.cu, measured on a GPU).
__host__ void device_only_host_launch() {
#if defined(__CUDA_ARCH__)
  auto lam1 = [] __device__ { return 0; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda is defined only in the device compilation of 'device_only_host_launch' [extended_lambda_arch_dependent_definition]
  // CHECK: :[[@LINE-3]]:1: note: '#if defined(__CUDA_ARCH__)' decides whether it is defined
  // CHECK: :[[@LINE-3]]:3: note: move '#if defined(__CUDA_ARCH__)' below this declaration so that both compilations define the lambda
  // CHECK: :[[@LINE+5]]:15: note: so this extended lambda is number 1 in the host compilation but number 2 in the device compilation
  // FIXED: {{^}}  auto lam1 = [] __device__ { return 0; };
  // FIXED-NEXT: {{^}}#if defined(__CUDA_ARCH__)
  (void)lam1;
#endif
  auto lam2 = [] __device__ { return 4; };
  // CHECK: :[[@LINE-12]]:15: note: nvcc identifies
  kernel<<<1, 1>>>(lam2);
}
