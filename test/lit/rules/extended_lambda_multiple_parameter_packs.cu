// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// ORACLE: host

// The function template enclosing an extended lambda cannot have more than
// one template parameter pack, nor a pack that is not its last parameter.
// nvcc 13.0's front end accepts it; once the template is instantiated, the
// host compile fails at the lambda ("no matches converting function"). The
// examples of the CUDA programming guide.

#define DEVICE_LAMBDA [] __device__

template <typename... T>
struct foo {};

template < template <typename...> class T, typename... P1,
typename... P2>
void
bar1(const T<P1...>, const T<P2...>)
{
  // Error: enclosing function has multiple parameter packs
  auto lam1 = [] __device__{ return 10; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot be defined in the function template 'bar1': it has more than one template parameter pack [extended_lambda_multiple_parameter_packs]
  // CHECK: :[[@LINE-7]]:13: note: template parameter 3 is a pack
  // CHECK: :[[@LINE+32]]:1: note: in instantiation of 'bar1<foo, char, int, float, char, int>' requested here
  (void)lam1;
}

template < template <typename...> class T, typename... P1,
typename T2>
void
bar2(const T<P1...>, T2)
{
  // Error: for enclosing function, the
  // parameter pack is not last in the template parameter list.
  auto lam1 = DEVICE_LAMBDA { return 10; };
  // CHECK: :[[@LINE-1]]:15: error: extended __device__ lambda cannot be defined in the function template 'bar2': it has a template parameter pack that is not its last parameter [extended_lambda_multiple_parameter_packs]
  (void)lam1;
}

// Never instantiated: the host compile succeeds.
template <typename... A, typename... B> void unused(A..., B...) {
  auto l = [] __device__ () { return 1; };
  (void)l;
}

// compliant twin: one pack, last
template <typename T, typename... P> void one_pack(T, P...) {
  auto l = [] __device__ () { return 2; };
  (void)l;
}

int main()
{
foo<char, int, float> f1;
foo<char, int> f2;
bar1(f1, f2);
bar2(f1, 10);
one_pack(1, 2, 3.0);
}
