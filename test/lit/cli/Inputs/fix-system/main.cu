#include <lib.h>
namespace N1 {
struct S {};
template <class F> int bar(F) { return 1; }
} // namespace N1
int use(N1::S s) {
  auto lam = [=] __device__ {};
  return lib::run(lam);
}
