// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// ORACLE: skip clang 22 rejects the call of N2::foo on a closure type (no linkage, never defined); nvcc's front end accepts it

// ../shared/seeds/000: ADL lookup. nvcc 13.0's front end accepts it; its host
// compile then fails in N2::doit ("call of overloaded 'foo(...)' is
// ambiguous"): the placeholder type drags namespace N1 into the lookup. That
// is extended_lambda_adl_hazard (RESTRICTIONS.md section 5), not one of the
// front-end errors of this catalog. clang 22 stops earlier, at N2::foo:
// N2::foo is declared only, and cannot be defined elsewhere for a closure
// type; xlambda reports clang's error, and the ADL hazard the guide
// describes (extended_lambda_adl_hazard).

namespace N1 {
struct S1_t { };
template <typename T> void foo(T);
};
namespace N2 {
template <typename T> int foo(T);
template <typename T> void doit(T in) { foo(in); }
// CHECK: :[[@LINE-2]]:27: error: function 'N2::foo<(lambda at {{.*}})>' is used but not defined in this translation unit{{.*}}[clang-diagnostic-error]
}
void bar(N1::S1_t in)
{
/* extended __device__ lambda. In the code sent to the host compiler,
this
is replaced with the placeholder type instantiation expression
' __nv_dl_wrapper_t< __nv_dl_tag<void (*)(N1::S1_t in),(&bar),1> > { }'
As a result, the namespace 'N1' participates in ADL lookup of the
call to "foo" in the body of N2::doit, causing ambiguity.
*/
auto lam1 = [=] __device__{};
N2::doit(lam1);
// CHECK: :[[@LINE-1]]:10: warning: unqualified call to 'foo' with an extended lambda argument: nvcc's placeholder type adds namespace 'N1' to argument-dependent lookup [extended_lambda_adl_hazard]
// CHECK: :[[@LINE-15]]:41: note: the unqualified call is here
// CHECK: :[[@LINE-20]]:28: note: in the host compilation lookup also finds this 'foo'
// CHECK: :[[@LINE-5]]:13: note: nvcc's placeholder for this lambda names its enclosing function
// CHECK: :[[@LINE-18]]:41: note: qualify the call ('N2::foo')
}
