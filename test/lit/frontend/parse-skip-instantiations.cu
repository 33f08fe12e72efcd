// RUN: not %xlambda check --quiet --no-progress --parse=full %s -- -std=c++17 -I %S/Inputs/parse-skip-inst -isystem %S/Inputs/parse-skip-inst/sys | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 -I %S/Inputs/parse-skip-inst -isystem %S/Inputs/parse-skip-inst/sys | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 -I %S/Inputs/parse-skip-inst -isystem %S/Inputs/parse-skip-inst/sys | FileCheck --check-prefix=FACTS %s
// RUN: not %xlambda check --no-progress --parse=skip %s -- -std=c++17 -I %S/Inputs/parse-skip-inst -isystem %S/Inputs/parse-skip-inst/sys 2>&1 >/dev/null | FileCheck --check-prefix=SUMMARY %s
// ORACLE: skip the errors are in a header, which the oracle does not read; nvcc -cuda reports both there (user.h(10), through lib_apply, the first request; run 2026-11-27)
//
// --parse=skip (issue 20) instantiates at the end of the unit only what the
// walk can read (plugin/instantiate.h): a system template's specialization
// over a closure, at any depth of its template arguments (lib_launch over
// lib_wrap<closure>: without it, no launch note below), or not externally
// visible (lib_holder<Hidden>::visit), and every user template's specialization,
// even one a system body asks for first (touch<L>: without it, no finding
// in user.h); not lib_twice<int>.

#include "lib.h"
#include "user.h"

template <typename T> void run(u::Box<T> b) { touch(b); }

void go(int a, int c) {
  struct L { int x; };
  u::Box<L> box{};
  auto hd = [=] __host__ __device__ () { return a; };
  // lib_apply<closure, Box<L>> asks for touch<L> first, from a system
  // body; run<L>, walked, uses it too: touch<L> is instantiated once and
  // its lambda's capture reported. The walk searches lib_apply's body (it
  // carries L, a class defined in a function, which could reach a kernel),
  // so the chain of requests goes through lib_apply, as nvcc's does.
  lib_apply(hd, box);
  run(box);
  // CHECK: user.h:10:13: error: extended __device__ lambda cannot capture 'b': its type involves 'L', a type local to a function [extended_lambda_capture_local_type]
  // CHECK: user.h:9:41: note: 'b' declared here with type 'u::Box<L>'
  // CHECK: :[[@LINE-12]]:10: note: 'L' declared here; move it to namespace scope
  // CHECK: lib.h:14:3: note: in instantiation of 'u::touch<L>' requested here
  // CHECK: :[[@LINE-6]]:3: note: in instantiation of 'lib_apply<(lambda at {{.*}}), u::Box<L>>' requested here
  // CHECK: user.h:10:27: error: extended __device__ lambda cannot be defined in 'u::touch<L>': its template arguments involve 'L', a type local to a function [extended_lambda_parent_local_type]
  // CHECK: :[[@LINE-16]]:10: note: 'L' declared here; move it to namespace scope
  // CHECK: lib.h:14:3: note: in instantiation of 'u::touch<L>' requested here
  // CHECK: :[[@LINE-10]]:3: note: in instantiation of 'lib_apply<(lambda at {{.*}}), u::Box<L>>' requested here

  auto lam = [=] __device__ () {
#ifdef __CUDA_ARCH__
    return a + c;
#else
    return a;
#endif
  };
  // CHECK: :[[@LINE-7]]:14: error: extended __device__ lambda captures 'a' in the host compilation but 'a', 'c' in the device compilation [extended_lambda_arch_dependent_capture]
  // CHECK: :[[@LINE-6]]:16: note: 'c' is captured only in the device compilation
  lib_launch(lib_wrap<decltype(lam)>{lam});
  // CHECK: :[[@LINE-1]]:14: note: the host copies the closure to the device here, through 'lib_launch'; the capture counts differ: nvcc's host compilation fails (its static assertion 'unexpected number of captures!'), or compiles when another extended lambda of the file has as many captures
  // CHECK: :[[@LINE-11]]:14: note: capture the variables explicitly, so that both compilations capture all of them in one order
  (void)lib_twice(a);
}

namespace {
struct Hidden {};
} // namespace

// Not instantiated, lib_holder<Hidden>::visit would be "used but not
// defined in this translation unit" (a clang error: its type has no
// linkage, as std::function<void(Hidden *)>'s call operator in Kokkos'
// TestHostSharedPtrAccessOnDevice.hpp).
void visit(Hidden *h) { lib_holder<Hidden>().visit(h); }

// FACTS: "bodies_skipped": true

// No clang error (lib_holder<Hidden>::visit is defined), none in a header:
// SUMMARY: xlambda: 1 file checked: 3 errors, 0 warnings{{$}}
// SUMMARY-NOT: not shown
