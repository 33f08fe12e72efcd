// RUN: not %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -isystem %S/Inputs/parse-skip/sys | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -isystem %S/Inputs/parse-skip/sys | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -isystem %S/Inputs/parse-skip/sys | FileCheck --check-prefix=FACTS %s
// ORACLE: args -isystem %S/Inputs/parse-skip/sys
//
// --parse=skip (issue 20) skips the bodies of functions in system headers
// that no rule reads, and keeps the ones a rule needs. Here the launch of
// lam2 goes through a library's launcher, sys_launch, a function template
// of a system header (Inputs/parse-skip/sys/launch.h). uses.c follows the
// closure into its instantiated body and finds the kernel launch: lam2 is a
// launcher argument. That launch changes the finding below: with it, the
// '#if' must not be moved below lam1 (the launch exists in the host
// compilation only, so the device compilation would still have no kernel for
// lam2), so the finding has no "move" note. Had the skip parse dropped
// sys_launch's body, the launch would be unseen and the "move '#if
// defined(__CUDA_ARCH__)' below this declaration" note (with its fix-it)
// would appear: the implicit-check-not of the second RUN line would fail.

#include <launch.h>

__host__ __device__ void device_only_first() {
#if defined(__CUDA_ARCH__)
  auto lam1 = [] __device__ { return 0; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda is defined only in the device compilation of 'device_only_first' [extended_lambda_arch_dependent_definition]
  // CHECK: :[[@LINE-3]]:1: note: '#if defined(__CUDA_ARCH__)' decides whether it is defined; define it in both compilations, or use a named function object
  // CHECK: :[[@LINE+3]]:15: note: so this extended lambda is number 1 in the host compilation but number 2 in the device compilation
  (void)lam1;
#endif
  auto lam2 = [] __device__ { return 4; };
  // CHECK: :[[@LINE-9]]:26: note: nvcc identifies an extended lambda by its enclosing function
#if !defined(__CUDA_ARCH__)
  sys_launch(lam2);
  (void)sys_plain(1);
#endif
}

// The skip parse ran (no fallback), and recorded the launcher argument.
// FACTS: "kind": "launcher_arg",
// FACTS: "callee": "sys_launch",
// FACTS: "bodies_skipped": true
