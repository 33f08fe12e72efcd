// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

// In the host compilation an extended lambda is an object of
// __nv_dl_wrapper_t<__nv_dl_tag<F *, &f, N>, ...>, whose template arguments
// bring the namespaces of the enclosing function's signature into
// argument-dependent lookup. An unqualified call then also finds functions
// there: ambiguous (the CUDA guide's example: the host compiler fails) or,
// silently, another overload (test/gpu/adl_hazard.cu). nvcc's front end
// accepts all of it.

namespace N1 {
struct S1_t {};
template <typename T> int foo(T) { return 1; }
inline int bar(...) { return 1; }
} // namespace N1

namespace N2 {
template <typename T> int foo(T) { return 2; }
template <typename T> int doit(T in) { return foo(in); }
// FIXED: template <typename T> int doit(T in) { return N2::foo(in); }
inline int bar(...) { return 2; }
template <typename T> int pick(T in) { return bar(in); }
// FIXED: template <typename T> int pick(T in) { return N2::bar(in); }
} // namespace N2

// The CUDA programming guide's example: ambiguous in the host compilation.
void guide_example(N1::S1_t in) {
  auto lam1 = [=] __device__ {};
  N2::doit(lam1);
  // CHECK: :[[@LINE-1]]:12: warning: unqualified call to 'foo' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-12]]:47: note: the unqualified call is here
  // CHECK: :[[@LINE-19]]:27: note: in the host compilation lookup also finds this 'foo'
  // CHECK: :[[@LINE-5]]:15: note: nvcc's placeholder for this lambda names its enclosing function, whose signature, class or captured variables bring in namespace 'N1'
  // CHECK: :[[@LINE-15]]:47: note: qualify the call ('N2::foo') to keep the other namespace out of the lookup
}

// Silently another overload: N1::bar wins over N2::bar on the host.
int wrong_overload(N1::S1_t in) {
  auto lam = [=] __host__ __device__ { return 0; };
  return N2::pick(lam);
  // CHECK: :[[@LINE-1]]:19: warning: unqualified call to 'bar' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-20]]:47: note: the unqualified call is here
  // CHECK: :[[@LINE-29]]:12: note: in the host compilation lookup also finds this 'bar'
  // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-23]]:47: note: qualify the call ('N2::bar')
}

// ---- compliant twins ----------------------------------------------------

// The enclosing function's signature names no other namespace.
void plain_signature(int x) {
  auto lam = [=] __device__ { return x; };
  N2::doit(lam);
}

// A qualified call: no argument-dependent lookup.
template <typename T> int qualified(T in) { return N2::foo(in); }
void qualified_call(N1::S1_t in) {
  auto lam = [=] __device__ {};
  qualified(lam);
}

// A plain lambda is no placeholder.
void plain_lambda(N1::S1_t in) {
  auto lam = [=] {};
  N2::doit(lam);
}

// The lambda only names a value that is passed on (a std::string made from
// it, as Kokkos' TestKernelNames.cpp does inside gtest's ASSERT_EQ): no
// closure reaches the unqualified call, and 'a == b' is an operator.
namespace N1 {
template <typename A, typename B> bool cmp(const A &, const B &) { return 0; }
inline bool operator==(S1_t, S1_t) { return true; }
} // namespace N1
template <typename T> int name_of(const T &) { return 1; }
template <typename A, typename B> bool cmp(const A &a, const B &b) {
  return a == b;
}
template <typename A, typename B> bool compare(const A &a, const B &b) {
  return cmp(a, b);
}
struct Suite { void body(N1::S1_t in); };
void Suite::body(N1::S1_t in) {
  auto lam = [=] __device__ {};
  compare(1, name_of(lam));
}

// A function the lookup finds that cannot take the call's arguments is
// never chosen and makes no ambiguity (thrust's 'for_each_n(exec, first, n,
// f)' in a function that takes a std type finds std::for_each_n(first, n,
// f)), however the call's own callee fills in its defaults.
namespace N1 {
template <typename T> int three(T, int, int) { return 1; }
} // namespace N1
namespace N2 {
template <typename T> int three(T, int, int, int) { return 2; }
template <typename T> int run_three(T in) { return three(in, 1, 2, 3); }
template <typename T> int two(T, int, int = 0) { return 2; }
template <typename T> int run_two(T in) { return two(in, 1); }
} // namespace N2
namespace N1 {
template <typename T> int two(T, int) { return 1; }
} // namespace N1
int fewer_parameters(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::run_three(lam);
}
// ... but one that can is found: here with the callee's default left out.
int default_of_the_callee(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::run_two(lam);
  // CHECK: :[[@LINE-1]]:22: warning: unqualified call to 'two' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-14]]:50: note: the unqualified call is here
  // CHECK: :[[@LINE-12]]:27: note: in the host compilation lookup also finds this 'two'
  // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-17]]:50: note: qualify the call ('N2::two')
  // FIXED: template <typename T> int run_two(T in) { return N2::two(in, 1); }
}
// ... and so are a C variadic function and a parameter pack, of any arity.
namespace N1 {
inline int more(...) { return 1; }
template <typename... A> int most(A...) { return 1; }
} // namespace N1
namespace N2 {
template <typename T> int more(T, int, int) { return 2; }
template <typename T> int run_more(T in) { return more(in, 1, 2); }
template <typename T> int most(T, int, int) { return 2; }
template <typename T> int run_most(T in) { return most(in, 1, 2); }
} // namespace N2
int variadic_candidates(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::run_more(lam) + N2::run_most(lam);
  // CHECK: :[[@LINE-1]]:23: warning: unqualified call to 'more' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-8]]:51: note: the unqualified call is here
  // CHECK: :[[@LINE-14]]:12: note: in the host compilation lookup also finds this 'more'
  // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-11]]:51: note: qualify the call ('N2::more')
  // CHECK: :[[@LINE-6]]:43: warning: unqualified call to 'most' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-11]]:51: note: the unqualified call is here
  // CHECK: :[[@LINE-18]]:30: note: in the host compilation lookup also finds this 'most'
  // CHECK: :[[@LINE-10]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-14]]:51: note: qualify the call ('N2::most')
  // FIXED: template <typename T> int run_more(T in) { return N2::more(in, 1, 2); }
  // FIXED: template <typename T> int run_most(T in) { return N2::most(in, 1, 2); }
}

// A call with explicit template arguments ('launch<P>(in)', RAJA's
// launch_core.hpp) has only function templates for candidates: a function
// of that name that is not a template is no hazard...
namespace N1 {
inline int launch(...) { return 1; }
template <typename P, typename T> int start(T, int) { return 1; }
} // namespace N1
namespace N2 {
template <typename P, typename T> int launch(T) { return 2; }
template <typename P, typename T> int go(T in) { return launch<P>(in); }
template <typename P, typename T> int start(T, int) { return 2; }
template <typename P, typename T> int begin(T in) { return start<P>(in, 1); }
} // namespace N2
int explicit_arguments(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::go<int>(lam);
}
// ... and a function template is.
int explicit_arguments_template(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::begin<int>(lam);
  // CHECK: :[[@LINE-1]]:25: warning: unqualified call to 'start' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-11]]:60: note: the unqualified call is here
  // CHECK: :[[@LINE-18]]:39: note: in the host compilation lookup also finds this 'start'
  // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-14]]:60: note: qualify the call ('N2::start')
  // FIXED: template <typename P, typename T> int begin(T in) { return N2::start<P>(in, 1); }
}

// A function template whose type parameter 'T' two parameters take by
// value cannot be deduced from two arguments of different types: no
// candidate (std::transform(I1, I1, I2, O, F) for thrust's
// 'transform(exec, first, last, result, op)'). nvcc 13.0 compiles it, and
// the host calls N2::same...
namespace N1 {
template <typename T> int same(T, T, int) { return 1; }
} // namespace N1
namespace N2 {
template <typename T, typename U> int same(T, U, int) { return 2; }
template <typename T> int run_same(T in) { return same(in, 1, 2); }
template <typename T> int run_twice(T in) { return same(in, in, 2); }
// FIXED: template <typename T> int run_twice(T in) { return N2::same(in, in, 2); }
} // namespace N2
int deduction_fails(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::run_same(lam);
}
// ... but from two arguments of one type it can, and N1::same, the more
// specialized, wins: nvcc 13.0 compiles it, and the host calls N1::same.
int deduction_succeeds(N1::S1_t in) {
  auto lam = [=] __device__ {};
  return N2::run_twice(lam);
  // CHECK: :[[@LINE-1]]:24: warning: unqualified call to 'same' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-13]]:52: note: the unqualified call is here
  // CHECK: :[[@LINE-19]]:27: note: in the host compilation lookup also finds this 'same'
  // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-16]]:52: note: qualify the call ('N2::same')
}

// A namespace the placeholder adds that ordinary lookup searches from the
// call anyway: the call is inside it, and no namespace nearer the call
// declares the name. Its functions are candidates with the real closure
// type too, so nothing changes (thrust's for_each(exec, ...) calling
// for_each(derived_cast(exec), ...) inside namespace thrust). nvcc 13.0
// compiles it, and the host run prints "inside: 2 (expected 2)".
namespace N5 {
struct tag {};
namespace impl {
struct impl_tag {};
template <typename F> int apply(impl_tag, F) { return 2; }
} // namespace impl
template <typename F> int apply(tag, F f) { return apply(impl::impl_tag{}, f); }
} // namespace N5
int inside(N5::tag t) { return N5::apply(t, [] __device__ (int i) { return i; }); }

// Its violating twin: lookup stops at N6::detail, which declares 'apply',
// so N6::apply is new through the placeholder, and the two are ambiguous
// in nvcc's host compilation ("call of overloaded 'apply(...)' is
// ambiguous", nvcc -c).
namespace N6 {
struct tag {};
template <typename T, typename F> int apply(T, F) { return 1; }
namespace detail {
struct dtag {};
template <typename T, typename F> int apply(T, F) { return 2; }
template <typename T, typename F> int run(T t, F f) { return apply(t, f); }
// FIXED: template <typename T, typename F> int run(T t, F f) { return N6::detail::apply(t, f); }
} // namespace detail
} // namespace N6
int stopped(N6::tag) {
  return N6::detail::run(N6::detail::dtag{}, [] __device__ (int i) { return i; });
  // CHECK: :[[@LINE-1]]:46: warning: unqualified call to 'apply' with an extended lambda argument: nvcc's placeholder type adds namespace 'N6' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-7]]:62: note: the unqualified call is here
  // CHECK: :[[@LINE-12]]:39: note: in the host compilation lookup also finds this 'apply'
  // CHECK: :[[@LINE-4]]:46: note: nvcc's placeholder for this lambda names its enclosing function
  // CHECK: :[[@LINE-10]]:62: note: qualify the call ('N6::detail::apply')
}
