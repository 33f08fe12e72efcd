// RUN: not %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -I %S/Inputs/parse-skip-late | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -I %S/Inputs/parse-skip-late | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -I %S/Inputs/parse-skip-late | FileCheck --check-prefix=FACTS %s
// ORACLE: skip the error is in a header, which the oracle does not read; nvcc -cuda reports it there too (user.h(10): "An extended __device__ lambda cannot capture variables by reference", run 2026-11-26)
//
// --parse=skip (issue 20) parses the templates of headers late: a user
// header's template is parsed when the unit instantiates it (user_launch,
// through which the closure below reaches a kernel: an error, not a
// warning, with the note naming it) or, when its tokens may hold an
// extended lambda, at the end of the unit (never_called, whose lambda
// captures by reference). Without the late parse of never_called, the
// first finding would be missing; without user_launch's, the second would
// be a warning without its note. never_called calls a builtin
// that nothing declared before: parsed after clang's scope of the unit is
// gone (from HandleTranslationUnit, as the reverted 140282e did), its lazy
// declaration crashed (signal 11, checked with this file).

#include "user.h"

// CHECK: user.h:10:14: error: extended __device__ lambda cannot capture 'x' by reference [extended_lambda_reference_capture]
// CHECK: user.h:9:7: note: 'x' declared here
// CHECK: user.h:10:14: note: capture 'x' by copy

void run(int a, int b) {
  auto lam = [=] __device__ () {
#ifdef __CUDA_ARCH__
    return a + b;
#else
    return a;
#endif
  };
  // CHECK: :[[@LINE-7]]:14: error: extended __device__ lambda captures 'a' in the host compilation but 'a', 'b' in the device compilation [extended_lambda_arch_dependent_capture]
  // CHECK: :[[@LINE-6]]:16: note: 'b' is captured only in the device compilation
  user_launch(lam);
  // CHECK: :[[@LINE-1]]:15: note: the host copies the closure to the device here, through 'user_launch'
  // CHECK: :[[@LINE-11]]:14: note: capture the variables explicitly
}

// The skip parse ran (no fallback).
// FACTS: "callee": "user_launch",
// FACTS: "bodies_skipped": true
