// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %xlambda check --quiet --parse=full %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'

// The host's standard headers are found where the clang binary finds them:
// clang's driver is given the path of LLVM's clang as its program name, and
// looks for a GCC installation from its directory. Given a bare "clang" it
// has no directory, and printed libstdc++'s headers as
// /../lib/gcc/<triple>/<version>/../../../../include/c++/<version>/...

#include <algorithm>
#include <vector>

namespace mine {
template <class I, class N, class F> I for_each_n(I first, N n, F f) {
  for (N i = 0; i < n; ++i)
    f(first[i]);
  return first + n;
}
template <class F> int run(F f) {
  int a[2] = {1, 2};
  for_each_n(a, 2, f);
  return 0;
}
} // namespace mine

int use(std::vector<int> v) {
  auto lam = [=] __host__ __device__(int) {};
  return mine::run(lam);
  // CHECK: :[[@LINE-1]]:20: warning: unqualified call to 'for_each_n' with an extended lambda argument: nvcc's placeholder type adds namespace 'std' to argument-dependent lookup [extended_lambda_adl_hazard]
  // CHECK: :[[@LINE-9]]:3: note: the unqualified call is here
  // CHECK-NOT: /../lib/gcc
  // CHECK: {{^}}/usr/{{.*}}/c++/{{.*}}: note: in the host compilation lookup also finds this 'for_each_n'
}
