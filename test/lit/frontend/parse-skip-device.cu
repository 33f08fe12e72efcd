// RUN: not %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 | FileCheck --check-prefix=FACTS %s
//
// --parse=skip (issue 20) parses the device side with the bodies skipped
// that cannot change what the device-side rules compare (plugin/archpp.h):
// those of system headers, and the user bodies whose text no '#if' group on
// __CUDA_ARCH__ (or on a macro defined under one) meets and that expand no
// such macro. Each function below holds a lambda the device compilation
// defines or captures differently, in a way only the preprocessor shows;
// the device skip must keep its body, or the finding would be lost (or, for
// a host lambda whose function's body were skipped without the host facts
// knowing, a "defined only in the host compilation" would appear).

#include "Inputs/parse-skip-device/user.h"
// Findings are sorted by file: the header's come first.
// CHECK: user.h:7:14: warning: extended __host__ __device__ lambda captures 'a' in the host compilation but 'b' in the device compilation [extended_lambda_arch_dependent_capture]

// AMReX's style (Inputs/amrex-style.h): the lambda's annotation and the
// device/host arms both come from macros whose expansions mark the body.
#include "Inputs/amrex-style.h"
#define XL_GPU_LAMBDA [=] __host__ __device__
#ifdef __CUDA_ARCH__
#define XL_ON_DEVICE 1
#endif

void amrex_style(int *p, int h, int d) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
  // CHECK: :[[@LINE-1]]:19: error: extended __device__ lambda captures 'p', 'h' in the host compilation but 'p', 'd' in the device compilation [extended_lambda_arch_dependent_capture]
    XL_IF_ON_DEVICE((p[i] = d;))
    XL_IF_ON_HOST((p[i] = h;))
  });
}

void amrex_ifdef(int *p, int h, int d) {
  auto lam = XL_GPU_LAMBDA (int i) {
  // CHECK: :[[@LINE-1]]:14: warning: extended __host__ __device__ lambda captures 'p', 'd' in the host compilation but 'p', 'h' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
    p[i] = h;
#else
    p[i] = d;
#endif
  };
  lam(0);
}

// A macro #defined only in the device arm (skipped by the host's
// preprocessor) decides the lambda's captures.
void through_macro(int a, int b) {
  auto lam = [=] __device__ {
  // CHECK: :[[@LINE-1]]:14: warning: extended __device__ lambda captures 'a' in the host compilation but 'b' in the device compilation [extended_lambda_arch_dependent_capture]
#if defined(XL_ON_DEVICE)
    return b;
#else
    return a;
#endif
  };
  (void)lam;
}

// A lambda that exists only in the device compilation: the host parse has
// no lambda there, only the '#if' group.
void device_only(int a) {
#if defined(__CUDA_ARCH__)
  auto first = [=] __device__ { return a; };
  // CHECK: :[[@LINE-1]]:16: error: extended __device__ lambda is defined only in the device compilation of 'device_only' [extended_lambda_arch_dependent_definition]
  (void)first;
#endif
  auto second = [=] __device__ { return a + 1; };
  (void)second;
}

// One macro expansion writes two functions (as Catch2's TEST_CASE writes a
// test and its registration): their declarations start at the same place.
// The second is cold, the first is not; the device side must keep both.
#define XL_TEST(name) \
  static void name##_registered() {} \
  static void name()
XL_TEST(shared_start) {
  int a = 1, b = 2;
  auto sum = [=] __device__ { return a
  // CHECK: :[[@LINE-1]]:14: warning: extended __device__ lambda captures 'a' in the host compilation but 'a', 'b' in the device compilation [extended_lambda_arch_dependent_capture]
#if defined(__CUDA_ARCH__)
    + b
#endif
    ; };
  (void)sum;
}
void run_shared_start() { shared_start(); shared_start_registered(); }

// In the user header.
void use_header() {
  header_capture(1, 2);
  header_cold(3);
}

// Nothing here depends on __CUDA_ARCH__: the device side skips the body,
// and the host facts flag its lambda (it exists in both compilations).
void cold(int a) {
  auto lam = [=] __device__ { return a; };
  (void)lam;
}

// The host facts flag the lambdas of header_cold and cold, and the device
// side was parsed with bodies skipped.
// FACTS: "device_skipped"
// FACTS: "device_skipped"
// FACTS: "side": "device",
// FACTS-NOT: "device_skipped"
// FACTS: "bodies_skipped": true
