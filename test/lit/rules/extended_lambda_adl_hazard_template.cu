// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

// An extended lambda in a member function of a class template, or in a
// function template whose signature uses its template arguments: nvcc's
// placeholder names the specialization ('__nv_dl_tag<int
// (Grid<mesh::Cell>::*)(), &Grid<mesh::Cell>::step, 1>'), so the namespaces
// of the template arguments join argument-dependent lookup of an unqualified
// call in an unrelated template. Measured with nvcc 13.0 (`nvcc
// --extended-lambda -std=c++17`, host code only): Grid<mesh::Cell>::step
// below returns 1 (mesh::apply) instead of 2; with a second template
// 'sched::apply(T)' the host compile fails ("call of overloaded 'apply(...)'
// is ambiguous") in sched::run, far from the lambda. nvcc's front end
// accepts all of it. A template argument that is not part of the function's
// type (a function template 'compute<mesh::Cell>()' with no parameter or
// return type using it) brings nothing: '&compute<mesh::Cell>' is a
// non-type argument, which adds no namespace (measured: the right overload).

namespace mesh {
struct Cell {};
template <class T> int apply(T) { return 1; }
} // namespace mesh

namespace sched {
inline int apply(...) { return 2; }
template <class F> int run(F f) { return apply(f); }
// FIXED: template <class F> int run(F f) { return sched::apply(f); }
} // namespace sched

template <class T> struct Grid {
  int step() {
    auto k = [] __device__ () {};
    return sched::run(k);
    // CHECK: :[[@LINE-1]]:23: warning: unqualified call to 'apply' with an extended lambda argument: nvcc's placeholder type adds namespace 'mesh' to argument-dependent lookup [extended_lambda_adl_hazard]
    // CHECK: :[[@LINE-9]]:42: note: the unqualified call is here
    // CHECK: :[[@LINE-15]]:24: note: in the host compilation lookup also finds this 'apply'
    // CHECK: :[[@LINE-5]]:14: note: nvcc's placeholder for this lambda names its enclosing function, whose signature, class or captured variables bring in namespace 'mesh'
    // CHECK: :[[@LINE-12]]:42: note: qualify the call ('sched::apply') to keep the other namespace out of the lookup
  }
  int step_hd() {
    return sched::run([] __host__ __device__ () {});
    // CHECK: :[[@LINE-1]]:23: warning: unqualified call to 'apply' with an extended lambda argument: nvcc's placeholder type adds namespace 'mesh'
  }
};

template <class T> T make() {
  auto k = [] __device__ () {};
  sched::run(k);
  // CHECK: :[[@LINE-1]]:14: warning: unqualified call to 'apply' with an extended lambda argument: nvcc's placeholder type adds namespace 'mesh'
  return T{};
}

// ---- compliant twins ----------------------------------------------------

// The template argument is not part of the function's type.
template <class T> int compute() {
  auto k = [] __device__ () {};
  return sched::run(k);
}
struct Plain {
  template <class T> int go() {
    auto k = [] __device__ () {};
    return sched::run(k);
  }
};
// A qualified call.
template <class F> int run_qualified(F f) { return sched::apply(f); }
template <class T> struct Qualified {
  int step() {
    auto k = [] __device__ () {};
    return run_qualified(k);
  }
};
// Another namespace without an 'apply'.
namespace other { struct Cell {}; }
// A plain lambda is no placeholder.
template <class T> struct Host {
  int step() { return sched::run([] () {}); }
};

int main() {
  int r = Grid<mesh::Cell>().step() + Grid<mesh::Cell>().step_hd();
  make<mesh::Cell>();
  r += compute<mesh::Cell>() + Plain().go<mesh::Cell>();
  r += Qualified<mesh::Cell>().step() + Grid<other::Cell>().step();
  r += Host<mesh::Cell>().step();
  return r;
}
