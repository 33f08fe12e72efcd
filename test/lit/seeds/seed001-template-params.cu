// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// ORACLE: host

// ../shared/seeds/001, restriction 8, first example: parameter packs and
// unnamed template parameters of the enclosing function template. nvcc
// 13.0's front end accepts all three; its host compile fails at each lambda.

template <typename T>
__global__ void kern(T in) { in(); }
template <typename... T>
struct foo {};
template < template <typename...> class T, typename... P1,
typename... P2>
void
bar1(const T<P1...>, const T<P2...>)
{
// Error: enclosing function has multiple parameter packs
auto lam1 = [] __device__{ return 10; };
// CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot be defined in the function template 'bar1': it has more than one template parameter pack [extended_lambda_multiple_parameter_packs]
}
template < template <typename...> class T, typename... P1,
typename T2>
void
bar2(const T<P1...>, T2)
{
// Error: for enclosing function, the
// parameter pack is not last in the template parameter list.
auto lam1 = [] __device__{ return 10; };
// CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot be defined in the function template 'bar2': it has a template parameter pack that is not its last parameter [extended_lambda_multiple_parameter_packs]
}
template <typename T, T>
void bar3(void)
{
// Error: for enclosing function, the second template
// parameter is not named.
auto lam1 = [] __device__{ return 10; };
// CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot be defined in the function template 'bar3': its template parameter 2 is unnamed [extended_lambda_parent_template_param_unnamed]
}
int main()
{
foo<char, int, float> f1;
foo<char, int> f2;
bar1(f1, f2);
bar2(f1, 10);
bar3<int, 10>();
}
