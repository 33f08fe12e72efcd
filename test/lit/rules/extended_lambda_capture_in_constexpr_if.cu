// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// The fix-it lists the captures, on the note:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// FIXED: auto l = [x, y] __device__ () {
// FIXED: auto l = [z] __host__ __device__ () {

// A variable may not be captured for the first time inside an 'if constexpr'
// branch of an extended lambda.

template <typename T> int first_use_in_branch(T t) {
  int x = 1, y = 2;
  auto l = [=] __device__ () {
    if constexpr (sizeof(T) == 4) {
      return x;
      // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot first capture 'x' inside an 'if constexpr' branch [extended_lambda_capture_in_constexpr_if]
      // CHECK: :[[@LINE-4]]:12: note: name 'x' in the capture list, or use it before the 'if constexpr'
    } else {
      return y;
      // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot first capture 'y' inside an 'if constexpr' branch [extended_lambda_capture_in_constexpr_if]
      // CHECK: :[[@LINE-8]]:12: note: name 'y' in the capture list
    }
  };
  return l();
}

void non_template() {
  int z = 3;
  auto l = [=] __host__ __device__ () {
    if constexpr (true)
      return z;
    // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot first capture 'z' inside an 'if constexpr' branch [extended_lambda_capture_in_constexpr_if]
    // CHECK: :[[@LINE-4]]:12: note: name 'z' in the capture list
    return 0;
  };
  (void)l;
}

// compliant twins: captured explicitly, used before the branch, a plain if,
// or an unannotated lambda
template <typename T> int compliant(T t) {
  int x = 1, y = 2, w = 4;
  auto ok1 = [x] __device__ () {
    if constexpr (sizeof(T) == 4)
      return x;
    return 0;
  };
  auto ok2 = [=] __device__ () {
    int sum = y;
    if constexpr (sizeof(T) == 4)
      return sum + y;
    return sum;
  };
  auto ok3 = [=] __device__ () {
    if (sizeof(T) == 4)
      return w;
    return 0;
  };
  auto ok4 = [=] () {
    if constexpr (sizeof(T) == 4)
      return x;
    return 0;
  };
  return ok1() + ok2() + ok3() + ok4();
}
