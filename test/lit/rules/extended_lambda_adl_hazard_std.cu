// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --parse=full %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

// A function that takes a std type brings namespace std into the lookup
// through nvcc's placeholder. In C++17, libstdc++'s <algorithm> declares
// the parallel algorithms there: std::for_each(ExecutionPolicy &&, first,
// last, f), and so on. They take part in overload resolution only for the
// standard's execution policies ([algorithms.parallel.overloads]), so
// thrust's own unqualified dispatch, for_each(exec, first, last, f) with a
// thrust policy, never finds them. Nor std::transform(I1, I1, I2, O, F) for
// transform(exec, first, last, result, op): I1 cannot be deduced from both
// the policy and the iterator. nvcc 13.0 compiles this file but for
// std_policy below (-c), and the fixed file whole.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <algorithm>
#include <execution>
#include <vector>

void scale(std::vector<float> &v, float a) {
  thrust::device_vector<float> d(v.begin(), v.end());
  thrust::for_each(d.begin(), d.end(), [a] __device__(float &x) { x *= a; });
  thrust::for_each(thrust::device, d.begin(), d.end(),
                   [a] __device__(float &x) { x += a; });
  thrust::transform(d.begin(), d.end(), d.begin(),
                    [a] __device__(float x) { return x + a; });
  thrust::sort(d.begin(), d.end(),
               [] __device__(float x, float y) { return x > y; });
  thrust::copy(d.begin(), d.end(), v.begin());
}

// The same without thrust. With a policy of the program's own, the
// parallel std::for_each is no candidate: nvcc 13.0 compiles this, and the
// host calls N2::for_each...
namespace N2 {
struct pol {};
template <typename E, typename I, typename F> int for_each(E, I, I, F) {
  return 2;
}
template <typename T> int run_own(T f) { return for_each(pol{}, 0, 1, f); }
template <typename T> int run_std(T f) {
  return for_each(std::execution::seq, 0, 1, f);
}
// FIXED: return N2::for_each(std::execution::seq, 0, 1, f);
} // namespace N2
int own_policy(std::vector<int> &v) {
  auto lam = [=] __device__(int) {};
  return N2::run_own(lam);
}
// ... but with one of the standard's policies it is, and nvcc's host
// compilation fails: "call of overloaded 'for_each(const
// __pstl::execution::v1::sequenced_policy&, int, int, __nv_dl_wrapper_t<...>
// &)' is ambiguous".
int std_policy(std::vector<int> &v) {
  auto lam = [=] __device__(int) {};
  return N2::run_std(lam);
  // CHECK: :[[@LINE-1]]:22: warning: unqualified call to 'for_each' with an extended lambda argument: nvcc's placeholder type adds namespace 'std' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-16]]:10: note: the unqualified call is here
  // CHECK: glue_algorithm_defs.h:{{[0-9]+}}:1: note: in the host compilation lookup also finds this 'for_each'
  // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-19]]:10: note: qualify the call ('N2::for_each')
}
