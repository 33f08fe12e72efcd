// RUN: not %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -isystem %S/Inputs/parse-skip-errors/sys | FileCheck --check-prefix=LIB %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -isystem %S/Inputs/parse-skip-errors/sys | FileCheck --check-prefix=LIB %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -I %S/Inputs/parse-skip-errors/user | FileCheck --check-prefix=USER %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -I %S/Inputs/parse-skip-errors/user | FileCheck --check-prefix=USER %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -DXL_HOST_ERROR -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HD %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -DXL_HOST_ERROR -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HD %s --implicit-check-not='{{warning|error}}:'
// ORACLE: skip nvcc rejects the headers' 'throw' in device code too ("device code does not support exception handling", run 2026-11-27); the case is about how clang's errors silence the device-side rules
//
// clang's errors and the device side (issue 20). The lambda below captures
// 'scale' only in the device compilation; the rule that compares the two
// compilations stays quiet when the device side has errors (its facts may
// lack lambdas), but not for errors in system headers: those change no
// lambda of the user's files, and --parse=skip does not see them in the
// library bodies it skips (the LIB runs: both modes report the capture).
// An error in a user file (the USER runs: on both sides) makes
// --parse=skip parse the device side whole, as --parse=full does: the
// device skip would skip the header's body, see no error there, and report
// a capture the full parse does not. Keeping the bodies of the host's
// errors would not do either (the HD runs: the host's error is host-only,
// the device's is in a header body alike on both sides).

#include "checked.h"
// USER: user{{/|\\}}checked.h:6:5: error: cannot use 'throw' in __device__ function [clang-diagnostic-error]

#if defined(XL_HOST_ERROR) && !defined(__CUDA_ARCH__)
int host_only() { return undeclared_name; }
// HD: parse-skip-errors-device.cu:[[@LINE-1]]:26: error: use of undeclared identifier 'undeclared_name' [clang-diagnostic-error]
#endif

template <class F> __global__ void each(F f) { f(threadIdx.x); }

void run(int *out) {
  int scale = 2;
  each<<<1, 4>>>([=] __device__(int x) {
  // LIB: parse-skip-errors-device.cu:[[@LINE-1]]:18: error: extended __device__ lambda captures 'out' in the host compilation but 'out', 'scale' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
    out[x] = checked(x) * scale;
#else
    out[x] = x;
#endif
  });
}
