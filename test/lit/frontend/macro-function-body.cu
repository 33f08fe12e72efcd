// RUN: %xlambda check --quiet --verify-facts %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: %xlambda check --dump-facts %s -- -std=c++17 | FileCheck --check-prefix=FACTS %s

// Two places the whole-database sweep of MFEM (issue 25) found where the
// facts did not hold what --verify-facts expects; both made the unit fail
// with an internal error instead of being checked (35 of its 531 entries).

// A function whose body is written in a macro's definition (MFEM's
// MFEM_TMOP_MDQ_REGISTER in fem/tmop/pa.hpp): libclang gives the body's end
// as the end of the macro's use, after its ')'; it is now marked as a place
// in a macro expansion, like the body's '{'.
#define DEFINE_GET(Name)                       \
  template <int N> int Name() { return N; }   \
  int Name##_one() { return 1; }
DEFINE_GET(get);
// The same for a '}' that comes from an object-like macro.
#define CLOSE }
template <int N> int close_in_macro() { return N; CLOSE

// A conversion function to a qualified type (MFEM's miniapps/autodiff
// tadvector.hpp: 'operator dtype *()' with dtype a 'mfem::internal::dual'):
// its name is not an identifier, and it is now an operator in the facts.
namespace ns { template <class T> struct dual { T v; }; }
template <class T> struct Vec {
  ns::dual<T> *data;
  operator ns::dual<T> *() { return data; }
  bool operator==(const Vec &) const { return true; }
};
// FACTS:      "name": "Vec<double>::operator ns::dual<double> *",
// FACTS:      "flags": [
// FACTS-NEXT:   "member",
// FACTS-NEXT:   "operator",
// FACTS:      "name": "Vec<double>::operator==",
// FACTS:      "flags": [
// FACTS-NEXT:   "member",
// FACTS-NEXT:   "operator",

template <class F> __global__ void kern(F f) { f(); }
void run() {
  Vec<double> v{nullptr};
  ns::dual<double> *p = v;
  int n = get<3>() + get_one() + close_in_macro<2>() + (v == v);
  kern<<<1, 1>>>([=] __device__ () { (void)n; (void)p; });
}
