// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|NOTES)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|NOTES)' %s > %t2.cu
// RUN: not %xlambda check --quiet --fix-notes %t2.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=NOTES --input-file=%t2.cu %s

// An extended lambda may capture only by copy. nvcc 13.0 rejects every
// by-reference capture, and the capture default '&' even when it captures
// nothing.

#define DEVICE_REF_LAMBDA [&] __device__
#define KOKKOS_LAMBDA [=] __host__ __device__

void explicit_capture() {
  int a = 1, b = 2;
  auto l1 = [&a] __device__ () { return a; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'a' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-3]]:7: note: 'a' declared here
  // FIXED: auto l1 = [a] __device__ () { return a; };
  auto l2 = [b, &a] __host__ __device__ () { return a + b; };
  // CHECK: :[[@LINE-1]]:18: error: extended __host__ __device__ lambda cannot capture 'a' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-7]]:7: note: 'a' declared here
  // FIXED: auto l2 = [b, a] __host__ __device__ () { return a + b; };
  auto l3 = [&c = a] __device__ () { return c; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot capture 'c' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-2]]:15: note: capture 'c' by copy; the lambda then works on a copy of the initializer's value, made where it is created
  // FIXED: auto l3 = [&c = a] __device__ () { return c; };
  // NOTES: auto l3 = [c = a] __device__ () { return c; };

  // compliant twins
  auto ok1 = [a] __device__ () { return a; };
  auto ok2 = [b, a] __host__ __device__ () { return a + b; };
  auto ok3 = [c = a] __device__ () { return c; };
  (void)l1; (void)l2; (void)l3; (void)ok1; (void)ok2; (void)ok3;
}

void capture_default() {
  int x = 1;
  auto l1 = [&] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-2]]:14: note: the lambda captures nothing; remove the capture default '&'
  // FIXED: auto l1 = [] __device__ () { return 1; };
  // NOTES: auto l1 = [] __device__ () { return 1; };
  auto l2 = [&] __device__
    ()
    {
      return x
        + 1;
    };
  // CHECK: :[[@LINE-5]]:5: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-7]]:14: note: the capture default '&' captures by reference
  // CHECK: :[[@LINE-5]]:14: error: extended __device__ lambda cannot capture 'x' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-9]]:14: note: 'x' is captured by reference because of the capture default '&'
  auto l3 = [&] __device__ { return 1; };
  // CHECK: :[[@LINE-1]]:28: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-2]]:14: note: the lambda captures nothing; remove the capture default '&'
  // FIXED: auto l3 = [] __device__ { return 1; };

  // compliant twins: by copy, and a plain (non-extended) lambda
  auto ok1 = [=] __device__ () { return x + 1; };
  auto ok2 = [&] () { return x + 1; };
  (void)l1; (void)l2; (void)l3; (void)ok1; (void)ok2;
}

void hidden_in_macros() {
  int n = 4;
  auto l1 = DEVICE_REF_LAMBDA (int i) { return i + n; };
  // CHECK: :[[@LINE-1]]:31: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-2]]:13: note: the capture default '&'
  // CHECK: :[[@LINE-3]]:52: error: extended __device__ lambda cannot capture 'n' by reference [extended_lambda_reference_capture]
  // CHECK: :[[@LINE-4]]:13: note: 'n' is captured by reference
  // FIXED: auto l1 = DEVICE_REF_LAMBDA (int i) { return i + n; };
  // NOTES: auto l1 = DEVICE_REF_LAMBDA (int i) { return i + n; };
  auto ok = KOKKOS_LAMBDA (int i) { return i + n; };
  (void)l1; (void)ok;
}

struct Widget {
  int size;
  void member() {
    auto l = [&] __device__ () { return size; };
    // CHECK: :[[@LINE-1]]:29: error: extended __device__ lambda cannot capture variables by reference [extended_lambda_reference_capture]
    // CHECK: :[[@LINE-2]]:15: note: the capture default '&' captures by reference; capture by copy with '=, *this' instead
    // CHECK: :[[@LINE-3]]:41: warning: extended __device__ lambda implicitly captures 'this'
    // CHECK: :[[@LINE-4]]:15: note: capture '*this' by copy to take the object to the device
    // NOTES: auto l = [=, *this] __device__ () { return size; };
    auto ok = [=, *this] __device__ () { return size; };
    (void)l; (void)ok;
  }
};

__device__ void device_code() {
  int v = 0;
  // not an extended lambda: it is in device code
  auto ok = [&] __device__ () { return v; };
  (void)ok;
}
