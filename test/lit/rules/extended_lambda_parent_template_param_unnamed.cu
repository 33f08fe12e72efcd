// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host
// The fix-it names the parameters, on the finding:
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0
// FIXED: template <typename T, T xl_unnamed_2>
// FIXED: template <typename xl_unnamed_1>
// FIXED: template <typename T, int xl_unnamed_2 = 0> void member() {

// The function template enclosing an extended lambda cannot have an unnamed
// template parameter. nvcc 13.0's front end accepts it, but the host
// compile fails at the lambda ("'__T0' was not declared in this scope"),
// whether the template is instantiated or not: xlambda reports it there.

#define DEVICE_LAMBDA [=] __device__

// The example of the CUDA programming guide.
template <typename T, T>
void bar3(void)
{
  // Error: for enclosing function, the second template
  // parameter is not named.
  auto lam1 = [] __device__{ return 10; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot be defined in the function template 'bar3': its template parameter 2 is unnamed [extended_lambda_parent_template_param_unnamed]
  // CHECK: :[[@LINE-7]]:24: note: template parameter 2 is unnamed; give it a name
  (void)lam1;
}

template <typename>
void never_instantiated() {
  auto outer = [] () {
    auto l = DEVICE_LAMBDA () { return 1; };
    // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot be defined in the function template 'never_instantiated': its template parameter 1 is unnamed [extended_lambda_parent_template_param_unnamed]
    return l;
  };
  (void)outer;
}

struct Owner {
  template <typename T, int = 0> void member() {
    auto l = [] __host__ __device__ () { return 2; };
    // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot be defined in the function template 'Owner::member': its template parameter 2 is unnamed [extended_lambda_parent_template_param_unnamed]
    (void)l;
  }
};

// compliant twins: named parameters, and an unannotated lambda
template <typename T, T V> void named() { auto l = [] __device__ () { return V; }; (void)l; }
template <typename> void plain() { auto l = [] () { return 3; }; (void)l; }

int main() {
  bar3<int, 10>();
  Owner().member<int>();
  named<int, 1>();
  plain<int>();
}
