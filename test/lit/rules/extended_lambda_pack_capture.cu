// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// An extended lambda cannot capture an element of a function parameter pack,
// explicitly or by using the pack in its body. nvcc reports it in the
// template definition, instantiated or not.

template <typename T> __global__ void kernel(T f) { f(); }

template <typename... Args> void explicit_pack(Args... args) {
  auto l = [args...] __device__ () { return sizeof...(Args); };
  // CHECK: :[[@LINE-1]]:13: error: extended __device__ lambda cannot capture 'args', a function parameter pack [extended_lambda_pack_capture]
  // CHECK: :[[@LINE-3]]:56: note: 'args' declared here
  // CHECK: :[[@LINE-3]]:13: note: pack the arguments into a tuple-like object
  (void)l;
}

template <typename... Args> int implicit_pack(Args... args) {
  auto l = [=] __host__ __device__ () {
    int s = 0;
    ((s += args), ...);
    // CHECK: :[[@LINE-1]]:12: error: extended __host__ __device__ lambda cannot capture 'args', a function parameter pack [extended_lambda_pack_capture]
    // CHECK: :[[@LINE-5]]:55: note: 'args' declared here
    // CHECK: :[[@LINE-3]]:12: note: pack the arguments
    return s;
  };
  return l();
}

// compliant twins: sizeof... is not a capture; a pack expanded into a
// captured aggregate is fine; a pack used by an unannotated lambda is fine
struct Three { int a, b, c; };
template <typename... Args> void compliant(Args... args) {
  auto ok1 = [=] __device__ () { return sizeof...(args); };
  Three t{args...};
  auto ok2 = [t] __device__ () { return t.a + t.b + t.c; };
  auto ok3 = [=] () { return (args + ...); };
  (void)ok1; (void)ok2; (void)ok3;
}

// A parameter whose type has a pack in its template arguments is not a
// pack (Kokkos' check_magic_value(const View<DT, DP...> &a) does this).
template <typename... Ts> struct Holder { int v; };
template <typename... Ts> int not_a_pack(const Holder<Ts...> &h) {
  auto ok = [=] __host__ __device__ () { return h.v; };
  return ok();
}

void use() {
  not_a_pack(Holder<int, float>{1});
  explicit_pack(1, 2.0);
  implicit_pack(1, 2, 3);
  compliant(1, 2, 3);
}
