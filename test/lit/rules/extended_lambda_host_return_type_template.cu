// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// RUN: cp %t.cu %t2.cu && %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 && cmp %t.cu %t2.cu

// The result of an extended __device__ lambda asked for inside the function
// template that receives it: the walk sees only the template's pattern,
// where the closure is the template parameter F. nvcc 13.0 compiles all of
// this (front end and host compile) and the host answers with the
// placeholder's 'int': measured with `nvcc --extended-lambda -std=c++17`
// and a host-only run, a lambda returning double gives sizeof 4 for
// result_of, result_of_t, invoke_result_t, an alias template of them,
// decltype(f(1)) and decltype(std::declval<F>()(1)), and
// std::is_same<std::invoke_result_t<F, int>, double> is false; the same
// through std::decay_t<F> and typename std::decay<F>::type (measured, 4).
// cuda::std::invoke_result through a template fails nvcc's host compile
// instead: extended_lambda_host_introspection_template.cu.

#include <type_traits>
#include <utility>
#include <cuda/std/type_traits>

struct Pair { float a, b; };

template <class F> using ret_t = typename std::result_of<F(int)>::type;

template <class F> int by_result_of(F f) { return sizeof(typename std::result_of<F(int)>::type); }
// CHECK: :[[@LINE-1]]:72: error: 'std::result_of' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
// the notes: the call below (by_result_of(lam)), the lambda, its fix
// CHECK: :[[@LINE+30]]:16: note: the lambda reaches the query through this argument
// CHECK: :[[@LINE+27]]:14: note: the lambda's return type is deduced; in the host compilation nvcc replaces it with a placeholder whose 'operator()' returns 'int'
// CHECK: :[[@LINE+26]]:36: note: write the return type: '-> double'
template <class F> int by_result_of_t(const F &f) { return sizeof(std::result_of_t<F(int)>); }
// CHECK: :[[@LINE-1]]:72: error: 'std::result_of_t' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
template <class F> int by_decltype(F f) { return sizeof(decltype(f(1))); }
// CHECK: :[[@LINE-1]]:66: error: 'decltype' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
template <class F> int by_declval(F &&f) { return sizeof(decltype(std::declval<F>()(1))); }
// CHECK: :[[@LINE-1]]:67: error: 'decltype' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
template <class F> bool by_is_invocable_r(F f) { return std::is_invocable_r_v<Pair, F, int>; }
// CHECK: :[[@LINE-1]]:62: error: 'std::is_invocable_r_v' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
template <class F> int by_alias(F f) { return sizeof(ret_t<F>); }
// CHECK: :[[@LINE-1]]:54: error: 'std::result_of' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
template <class F> int inner(F f) { return std::is_same<std::invoke_result_t<F, int>, double>::value; }
// CHECK: :[[@LINE-1]]:62: error: 'std::invoke_result_t' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
template <class G> int outer(G g) { return inner(g); }
template <class F> int by_cccl(F f) { return sizeof(cuda::std::invoke_result_t<F, int>); }
template <class F> int by_decay_t(F &&f) { return sizeof(std::invoke_result_t<std::decay_t<F>, int>); }
// CHECK: :[[@LINE-1]]:63: error: 'std::invoke_result_t' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]
template <class F> int by_decay(F f) { return sizeof(typename std::result_of<typename std::decay<F>::type(int)>::type); }
// CHECK: :[[@LINE-1]]:68: error: 'std::result_of' of an extended __device__ lambda is 'int' in the host compilation, not 'double' [extended_lambda_host_return_type]

// Not the lambda's parameter: G is another callable.
template <class F, class G> int other(F f, G g) { return sizeof(std::invoke_result_t<G, int>); }

struct Twice { double operator()(int x) const { return 2.0 * x; } };

void violating() {
  auto lam = [] __device__ (int x) { return 1.5 * x; };
  // FIXED: auto lam = [] __device__ (int x) -> double { return 1.5 * x; };
  by_result_of(lam);
  by_result_of_t(lam);
  by_decltype(lam);
  by_declval(lam);
  by_is_invocable_r(lam);
  by_alias(lam);
  outer(lam);
  other(lam, Twice{});
  by_decay_t(lam);
  by_decay(lam);
}

// ---- compliant twins ----------------------------------------------------

void compliant() {
  auto trailing = [] __device__ (int x) -> double { return 1.5 * x; };
  auto hd = [] __host__ __device__ (int x) { return 1.5 * x; };
  auto deduced_int = [] __device__ (int x) { return x + 1; };
  auto host = [] (int x) { return 1.5 * x; };
  by_result_of(trailing); by_decltype(trailing); by_alias(trailing); by_cccl(trailing);
  by_result_of(hd); by_decltype(hd); by_is_invocable_r(hd); outer(hd);
  by_result_of(deduced_int); by_declval(deduced_int); by_alias(deduced_int);
  by_result_of(host); by_decltype(host); by_result_of_t(host);
  by_decay_t(trailing); by_decay(hd); by_decay_t(host);
}
