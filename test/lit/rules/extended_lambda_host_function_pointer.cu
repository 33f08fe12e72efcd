// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='error: extended' --implicit-check-not='warning:' %}
// RUN: %if plugin %{ %plugin_verify --prefixes CHECK,CLANG %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|CLANG|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// ORACLE: host

// In the host compilation nvcc replaces an extended __device__ lambda with a
// placeholder object that has no conversion to a function pointer: nvcc's
// front end lets these through and the host compiler fails on each ("cannot
// convert '__nv_dl_wrapper_t<...>' to 'fn_t'"). clang rejects them while
// parsing ("reference to __device__ function 'operator()'"); xlambda reports
// them in its own words instead. (Through the clang plugin, clang's own
// errors stay: they come first, and only the plugin's lines are checked.)

typedef int (*fn_t)(int);
void take(fn_t f);

void conversions() {
  auto lam = [] __device__ (int x) { return x * 2; };
  fn_t p1 = lam;
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot be converted to a function pointer in host code [extended_lambda_host_function_pointer]
  // CHECK: :[[@LINE-3]]:14: note: in the host compilation nvcc replaces this lambda with a placeholder object ('__nv_dl_wrapper_t') that has no conversion to a function pointer, so the host compiler fails where it is converted
  // CHECK: :[[@LINE-4]]:17: note: annotate the lambda '__host__ __device__' so that its host 'operator()' keeps the conversion; its body then compiles for the host too
  // clang 22's own error comes four times, all here, at the first of the
  // four conversions of 'lam' (the -verify run expects clang's errors too):
  // CLANG-COUNT-4: :[[@LINE-6]]:13: error: reference to __device__ function 'operator()' in __host__ __device__ function
  auto p2 = +lam;
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot be converted to a function pointer in host code
  // CHECK: note: in the host compilation nvcc replaces this lambda
  // CHECK: note: annotate the lambda '__host__ __device__' so that its host 'operator()' keeps the conversion
  fn_t p3 = static_cast<fn_t>(lam);
  // CHECK: :[[@LINE-1]]:31: error: extended __device__ lambda cannot be converted to a function pointer in host code
  // CHECK: note: in the host compilation
  // CHECK: note: annotate the lambda '__host__ __device__'
  take(lam);
  // CHECK: :[[@LINE-1]]:8: error: extended __device__ lambda cannot be converted to a function pointer in host code
  // CHECK: note: in the host compilation
  // CHECK: note: annotate the lambda '__host__ __device__'
  p1 = [] __device__ (int x) -> int { return x; };
  // CHECK: :[[@LINE-1]]:8: error: extended __device__ lambda cannot be converted to a function pointer in host code
  // CLANG: :[[@LINE-2]]:8: error: reference to __device__ function 'operator()' in __host__ __device__ function
  // CHECK: note: in the host compilation
  // CHECK: note: annotate the lambda '__host__ __device__'
  // FIXED: auto lam = [] __host__ __device__ (int x) { return x * 2; };
  // FIXED: p1 = [] __host__ __device__ (int x) -> int { return x; };
  (void)p1; (void)p2; (void)p3;
}

// ---- compliant twins ----------------------------------------------------

void host_device_lambdas() {
  auto lam = [] __host__ __device__ (int x) { return x * 2; };
  fn_t p1 = lam;
  auto p2 = +lam;
  take(lam);
  (void)p1; (void)p2;
}

template <class F> void take_any(F f) { (void)f; }

void lambda_objects() {
  auto lam = [] __device__ (int x) { return x * 2; };
  take_any(lam);
}
