// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host
// The fix-it names the parameter, on the finding:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// FIXED: template <typename T, int xl_unnamed_2> struct Tiled {
// FIXED: template <typename T, typename xl_unnamed_2> struct Pair {
// FIXED: template <typename T, template <class> class xl_unnamed_2> struct Never {
// FIXED: template <typename> struct First {

// The class template whose member function encloses an extended lambda
// cannot have an unnamed template parameter after a named one. nvcc 13.0's
// front end accepts it; the host compile fails at the lambda ("wrong number
// of template arguments"), instantiated or not. When the first parameter is
// unnamed, the host compile succeeds; only the class directly enclosing the
// function matters. Measured with nvcc 13.0 (`nvcc --extended-lambda
// -std=c++17 -c`, each shape instantiated and its lambda launched): the
// first parameter unnamed compiles whatever follows ('template <typename>',
// '<typename, typename T>', '<int>', '<template <class> class>',
// '<typename...>', '<typename, typename = void>' with another argument);
// an unnamed parameter with a default after a named one compiles unless an
// instantiation gives another argument (reported per instantiation:
// extended_lambda_nest_parent_template_param_unnamed_default.cu); an
// unnamed pack: extended_lambda_nest_parent_template_param_unnamed_pack.cu.

#define KOKKOS_LAMBDA [=] __host__ __device__

template <typename T, int> struct Tiled {
  void run() {
    auto l = [] __device__ () { return 1; };
    // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot be defined in a member function of the class template 'Tiled': its template parameter 2 is unnamed [extended_lambda_nest_parent_template_param_unnamed]
    // CHECK: :[[@LINE-4]]:26: note: template parameter 2 is unnamed; give it a name
    (void)l;
  }
};

template <typename T, typename> struct Pair {
  template <typename U> void run() {
    auto outer = [] () {
      auto l = KOKKOS_LAMBDA () { return 2; };
      // CHECK: :[[@LINE-1]]:16: error: extended __host__ __device__ lambda cannot be defined in a member function of the class template 'Pair': its template parameter 2 is unnamed [extended_lambda_nest_parent_template_param_unnamed]
      // CHECK: :[[@LINE-5]]:31: note: template parameter 2 is unnamed; give it a name
      return l;
    };
    (void)outer;
  }
};

template <typename T, template <class> class> struct Never {
  void run() { auto l = [] __device__ () { return 3; }; (void)l; }
  // CHECK: :[[@LINE-1]]:25: error: extended __device__ lambda cannot be defined in a member function of the class template 'Never': its template parameter 2 is unnamed [extended_lambda_nest_parent_template_param_unnamed]
  // CHECK: :[[@LINE-3]]:45: note: template parameter 2 is unnamed; give it a name
};

// compliant twins: the first parameter unnamed, all named, an unnamed
// parameter of an outer class template, an unannotated lambda
template <typename> struct First {
  void run() { auto l = [] __device__ () { return 4; }; (void)l; }
};
template <typename T, int N> struct Named {
  void run() { auto l = [] __device__ () { return N; }; (void)l; }
};
template <typename T, typename> struct Outer {
  struct Inner {
    void run() { auto l = [] __device__ () { return 5; }; (void)l; }
  };
};
template <typename T, int> struct Plain {
  void run() { auto l = [] () { return 6; }; (void)l; }
};
template <typename> struct Holder {
  void run() { auto l = [=] __device__ () { return 7; }; (void)l; }
};
template <typename, typename T> struct SecondNamed {
  void run() { auto l = [=] __device__ () { return T(8); }; (void)l; }
};
template <typename T, typename = void> struct Defaulted {
  void run() { auto l = [=] __device__ () { return 9; }; (void)l; }
};
template <typename T, int = 0> struct DefaultedValue {
  void run() { auto l = [=] __device__ () { return 10; }; (void)l; }
};

int main() {
  Tiled<int, 2>().run();
  Pair<int, int>().run<int>();
  First<int>().run();
  Named<int, 1>().run();
  Outer<int, int>::Inner().run();
  Plain<int, 1>().run();
  Holder<int>().run();
  SecondNamed<char, int>().run();
  Defaulted<int>().run();
  DefaultedValue<int>().run();
}
