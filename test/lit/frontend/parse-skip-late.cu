// RUN: not %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -I %S/Inputs/parse-skip-late | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -I %S/Inputs/parse-skip-late | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -I %S/Inputs/parse-skip-late | FileCheck --check-prefix=FACTS %s
// ORACLE: skip the error is in a header, which the oracle does not read; nvcc -cuda reports it there too (user.h(10): "An extended __device__ lambda cannot capture variables by reference", run 2026-11-26)
//
// --parse=skip (issue 20) parses a user header's templates at their
// definition and instantiates them, as the full parse does: user_launch,
// through which the closure below reaches a kernel (an error, not a
// warning, with the note naming it), and never_called, never instantiated,
// whose lambda captures by reference (the first finding). Until 2026-11-29
// it kept a user header's template bodies as tokens, parsed at the end of
// the unit when instantiated or when their tokens held 'device' or 'host';
// never_called calls a builtin that nothing declared before: parsed after
// clang's scope of the unit was gone (from HandleTranslationUnit, as the
// reverted 140282e did), its lazy declaration crashed (signal 11, checked
// with this file). System headers' template bodies are still parsed late,
// from inside the end of the unit (parse-skip-instantiations.cu).

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
