// REQUIRES: plugin
// Fix-its travel as clang FixItHints: -fdiagnostics-parseable-fixits prints
// them (the diagnostic's and the note's), -Xclang -fixit applies the
// diagnostic's (a fix-it that keeps the meaning) and leaves the note's.
// RUN: not %clangxx -fsyntax-only -x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version -fplugin=%plugin -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %clangxx -fsyntax-only -x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version -fplugin=%plugin -Xclang -fixit -Xclang -fix-what-you-can %t.cu 2>&1 | FileCheck --check-prefix=APPLIED %s
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s

void f() {
  int a = 1;
  auto l1 = [&a] __device__ () { return a; };
  // CHECK: fixits.cu:[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'a' by reference [extended_lambda_reference_capture]
  // CHECK: fix-it:"{{.*}}fixits.cu":{[[@LINE-2]]:14-[[@LINE-2]]:15}:""
  // FIXED: auto l1 = [a] __device__ () { return a; };
  auto l2 = [&] __device__ () { return 1; };
  // CHECK: fixits.cu:[[@LINE-1]]:28: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: fix-it:"{{.*}}fixits.cu":{[[@LINE-2]]:14-[[@LINE-2]]:15}:""
  // CHECK: fixits.cu:[[@LINE-3]]:14: note: the lambda captures nothing; remove the capture default '&'
  // FIXED: auto l2 = [] __device__ () { return 1; };
  auto l3 = [&] __device__ () { return a; };
  // CHECK: fixits.cu:[[@LINE-1]]:28: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: fixits.cu:[[@LINE-2]]:14: note: the capture default '&' captures by reference; capture by copy with '=' instead
  // CHECK: fix-it:"{{.*}}fixits.cu":{[[@LINE-3]]:14-[[@LINE-3]]:15}:"="
  // FIXED: auto l3 = [&] __device__ () { return a; };
  (void)l1; (void)l2; (void)l3;
}
// APPLIED: note: FIX-IT applied suggested code changes
// APPLIED: note: FIX-IT detected an error it cannot fix
