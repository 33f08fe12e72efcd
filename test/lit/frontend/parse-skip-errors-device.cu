// RUN: not %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -isystem %S/Inputs/parse-skip-errors/sys | FileCheck --check-prefix=LIB %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -isystem %S/Inputs/parse-skip-errors/sys | FileCheck --check-prefix=LIB %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -I %S/Inputs/parse-skip-errors/user | FileCheck --check-prefix=USER %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -I %S/Inputs/parse-skip-errors/user | FileCheck --check-prefix=USER %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -DXL_HOST_ERROR -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HD %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -DXL_HOST_ERROR -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HD %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -I %S/Inputs/parse-skip-errors/user | FileCheck --check-prefix=USER-FACTS %s
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -DXL_HOST_ERROR -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HD-FACTS %s
// RUN: %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -DXL_HOST_CALL -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HC %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -DXL_HOST_CALL -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HC %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -DXL_HOST_CALL -I %S/Inputs/parse-skip-errors/hd | FileCheck --check-prefix=HD-FACTS %s
// ORACLE: skip nvcc rejects the headers' 'throw' in device code too ("device code does not support exception handling", run 2026-11-27); the case is about how clang's errors silence the device-side rules
//
// clang's errors and the device side (issue 20). The lambda below captures
// 'scale' only in the device compilation; the rule that compares the two
// compilations stays quiet when the device side has errors (its facts may
// lack lambdas), but not for errors in system headers: those change no
// lambda of the user's files, and --parse=skip does not see them in the
// library bodies it skips (the LIB runs: both modes report the capture).
// An error in a user file (the USER runs: on both sides) leaves both
// modes quiet. The device skip alone would skip the header's body, see no
// error there, and report a capture the full parse does not; so it keeps
// the body of each error the host found where the text is alike on both
// sides, and that parse has the error (the USER-FACTS lines: the device
// side was parsed with bodies skipped). Where the skip parse has none,
// the device side is parsed again, whole. A host error inside a
// __CUDA_ARCH__ region may be the host's alone, so the device side is
// then parsed whole at once (the HD runs: the host's error is host-only,
// the device's is in a header body alike on both sides; the HD-FACTS
// lines: no bodies skipped on the device). The HC runs have a host-only error outside any region (a
// __host__ __device__ function that calls a __device__ one, reached from
// host code): the skip parse keeps its body, finds no error there, and the
// device side is parsed again whole, where the header's error is; without
// that second parse, --parse=skip reported the capture.
//
// USER-FACTS: "side": "device",
// USER-FACTS: "device": null,
// USER-FACTS-NEXT: "bodies_skipped": true
// USER-FACTS-NEXT: },
// HD-FACTS: "side": "device",
// HD-FACTS: "device": null
// HD-FACTS-NEXT: },

#include "checked.h"
// USER: user{{/|\\}}checked.h:6:5: error: cannot use 'throw' in __device__ function [clang-diagnostic-error]

#if defined(XL_HOST_ERROR) && !defined(__CUDA_ARCH__)
int host_only() { return undeclared_name; }
// HD: parse-skip-errors-device.cu:[[@LINE-1]]:26: error: use of undeclared identifier 'undeclared_name' [clang-diagnostic-error]
#endif

#ifdef XL_HOST_CALL
__device__ int device_fn();
__host__ __device__ int either() { return device_fn(); }
// HC: parse-skip-errors-device.cu:[[@LINE-1]]:43: error: reference to __device__ function 'device_fn' in __host__ __device__ function [clang-diagnostic-error]
int host_call() { return either(); }
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
