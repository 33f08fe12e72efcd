// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// The type of a variable an extended lambda captures cannot involve a
// private or protected member type of a class, anywhere inside, nor a
// public type nested in one. nvcc 13.0 reports it at the capture (its first
// use when implicit).

#define DEVICE_LAMBDA(...) [__VA_ARGS__] __device__

template <typename T> struct Box { T t; };

class Widget {
  struct Priv { int x; };
  class Nest { public: struct Pub { int y; }; };
protected:
  struct Prot { int z; };
public:
  struct Open { int w; };
  using PrivAlias = Priv;
  static void run();
};

void Widget::run() {
  Priv a{1};
  Prot b{2};
  Box<Priv> box{};
  Priv *pa = &a;
  Nest::Pub np{3};
  PrivAlias alias{4};
  auto c1 = [a] __device__ () { return a.x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'a': its type involves 'Widget::Priv', a private class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-19]]:10: note: 'Widget::Priv' declared private here; make it public (widens the interface of 'Widget')
  auto c2 = [b] __host__ __device__ () { return b.z; };
  // CHECK: :[[@LINE-1]]:14: error: extended __host__ __device__ lambda cannot capture 'b': its type involves 'Widget::Prot', a protected class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-19]]:10: note: 'Widget::Prot' declared protected here; make it public (widens the interface of 'Widget')
  auto c3 = [box, pa] __device__ () { return box.t.x + pa->x; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'box': its type involves 'Widget::Priv', a private class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-2]]:19: error: extended __device__ lambda cannot capture 'pa': its type involves 'Widget::Priv', a private class member [extended_lambda_capture_private_type]
  auto c4 = [=] __device__ () { return np.y + alias.x; };
  // CHECK: :[[@LINE-1]]:40: error: extended __device__ lambda cannot capture 'np': its type involves 'Widget::Nest', a private class member [extended_lambda_capture_private_type]
  // CHECK: :[[@LINE-2]]:47: error: extended __device__ lambda cannot capture 'alias': its type involves 'Widget::Priv', a private class member [extended_lambda_capture_private_type]
  auto c5 = DEVICE_LAMBDA(a) () { return a.x; };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 'a': its type involves 'Widget::Priv', a private class member [extended_lambda_capture_private_type]
  auto c6 = [copy = b] __device__ () { return copy.z; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture 'copy': its type involves 'Widget::Prot', a protected class member [extended_lambda_capture_private_type]

  // compliant twins: public member types, private types used only inside
  // the body, an unannotated lambda
  Open o{5};
  Box<Open> obox{};
  int n = a.x;
  auto ok1 = [o, obox, n] __device__ () { return o.w + obox.t.w + n; };
  auto ok2 = [n] __device__ () { Priv p{n}; return p.x; };
  auto ok3 = [a] () { return a.x; };
  (void)c1; (void)c2; (void)c3; (void)c4; (void)c5; (void)c6;
  (void)ok1; (void)ok2; (void)ok3;
}
