// RUN: %xlambda check --quiet --verify-facts %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --allow-empty --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: %xlambda check --dump-facts %s -- -std=c++17 | FileCheck --check-prefix=FACTS %s

// A class template with clang's preferred_name attribute (libcudacxx's
// cuda::std::basic_string_view, through _CCCL_PREFERRED_NAME, found by the
// whole-database sweep of CCCL, issue 25): clang spells the specialization
// 'sv', while its place is the template's name. --verify-facts checks a
// specialization's place against its template's name.
template <class T> struct basic_sv;
using sv = basic_sv<char>;
template <class T> struct [[clang::preferred_name(sv)]] basic_sv {
  T c;
  int size() const { auto l = [] { return 1; }; return l(); }
};
// FACTS:      "name": "basic_sv",
// FACTS-NEXT: "loc": "{{.*}}preferred-name.cu:[[@LINE-5]]:57",
// FACTS:      "name": "sv",
// FACTS-NEXT: "loc": "{{.*}}preferred-name.cu:[[@LINE-7]]:57",

template <class F> __global__ void kern(F f) { f(); }
void run() {
  sv s{'a'};
  int n = s.size();
  kern<<<1, 1>>>([=] __device__ () { (void)n; });
}
