// xlambda: extended_lambda_adl_hazard. The unqualified call foo(in) in
// N2::doit should call N2::foo. For an extended lambda, nvcc's placeholder
// type names the enclosing function bar, whose parameter type comes from N1,
// so argument-dependent lookup also finds N1::foo: in the host compilation
// the call silently goes there. nvcc 13.0 compiles this without a word.
// (Host code only: no GPU needed, but kept with the other reproducers.)
#include <cstdio>
namespace N1 {
struct S1_t {};
template <typename T> int foo(T) { return 1; } /* a better match than '...' */
}
namespace N2 {
inline int foo(...) { return 2; }
template <typename T> int doit(T in) { return N2::foo(in); }
}
int bar(N1::S1_t) {
  auto lam = [=] __device__ {};
  return N2::doit(lam);
}
int main() {
  int picked = bar(N1::S1_t{});
  printf("doit called foo #%d (expected 2, N2::foo)\n", picked);
  return picked == 2 ? 0 : 1;
}
