// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it removes the specifier, on the finding (not through the macro):
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | grep 'error:' | count 1

// An extended lambda cannot be declared 'constexpr'. nvcc 13.0 reports it
// at the lambda's body.

#define DEVICE_LAMBDA [=] __device__

void specifiers() {
  auto a = [] __device__ () constexpr { return 1; };
  // CHECK: :[[@LINE-1]]:39: error: extended __device__ lambda cannot be 'constexpr' [extended_lambda_constexpr]
  // CHECK: :[[@LINE-2]]:26: note: remove 'constexpr' from the lambda
  // FIXED: auto a = [] __device__ () { return 1; };
  auto b = [] __host__ __device__ () mutable constexpr
  {
    return 2;
  };
  // CHECK: :[[@LINE-3]]:3: error: extended __host__ __device__ lambda cannot be 'constexpr' [extended_lambda_constexpr]
  // FIXED: auto b = [] __host__ __device__ () mutable{{$}}
  // FIXED: auto c = DEVICE_LAMBDA () constexpr { return 3; };
  // FIXED: auto d = [] __device__ () -> int { return 4; };
  auto c = DEVICE_LAMBDA () constexpr { return 3; };
  // CHECK: :[[@LINE-1]]:39: error: extended __device__ lambda cannot be 'constexpr' [extended_lambda_constexpr]
  auto outer = [] () {
    auto d = [] __device__ () constexpr -> int { return 4; };
    // CHECK: :[[@LINE-1]]:48: error: extended __device__ lambda cannot be 'constexpr' [extended_lambda_constexpr]
    return d;
  };

  // compliant twins: not constexpr, or not extended
  auto ok1 = [] __device__ () { return 5; };
  auto ok2 = [] () constexpr { return 6; };
  (void)a; (void)b; (void)c; (void)outer; (void)ok1; (void)ok2;
}

template <typename T> void in_template() {
  auto t = [] __device__ () constexpr { return T{}; };
  // CHECK: :[[@LINE-1]]:39: error: extended __device__ lambda cannot be 'constexpr' [extended_lambda_constexpr]
  // FIXED: auto t = [] __device__ () { return T{}; };
  (void)t;
}
