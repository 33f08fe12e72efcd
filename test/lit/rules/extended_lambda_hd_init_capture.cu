// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --match-full-lines --input-file=%t.cu %s
// After the fixes only the macro-hidden case (no fix-it in macros) is left:
// RUN: not %xlambda check --quiet %t.cu -- -std=c++17 | grep ': error: ' | count 1

// An extended __host__ __device__ lambda cannot have init-captures; an
// extended __device__ lambda can.

#define HD_LAMBDA(init) [init] __host__ __device__

int compute(int);

void hd_init_captures() {
  int a = 1;
  auto l1 = [x = 1] __host__ __device__ () { return x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot have the init-capture 'x' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-2]]:3: note: declare 'x' before the statement and capture it by copy
  // FIXED:  auto x = 1;
  // FIXED-NEXT:  auto l1 = [x] __host__ __device__ () { return x; };
  auto l2 = [a, y{compute(a)}]
      __host__ __device__ () { return a + y; };
  // CHECK: :[[@LINE-2]]:17: error: extended __host__ __device__ lambda cannot have the init-capture 'y' [extended_lambda_hd_init_capture]
  // FIXED:  auto y{compute(a)};
  // FIXED-NEXT:  auto l2 = [a, y]
  if (a > 0)
    (void)[z = a * 2] __host__ __device__ () { return z; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot have the init-capture 'z' [extended_lambda_hd_init_capture]
  // CHECK: :[[@LINE-3]]:3: note: declare 'z' before the statement
  // FIXED:  auto z = a * 2;
  // FIXED-NEXT:  if (a > 0)
  // FIXED-NEXT:    (void)[z] __host__ __device__ () { return z; };
  (void)l1; (void)l2;
}

void compliant() {
  int a = 1;
  auto ok1 = [x = 1] __device__ () { return x; };
  auto ok2 = [x = a] () { return x; };
  auto ok3 = [a] __host__ __device__ () { return a; };
  (void)ok1; (void)ok2; (void)ok3;
}

void macro_hidden() {
  int b = 2;
  auto l = HD_LAMBDA(w = b) () { return w; };
  // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot have the init-capture 'w' [extended_lambda_hd_init_capture]
  (void)l;
}
