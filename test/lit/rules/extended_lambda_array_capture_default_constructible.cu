// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// A captured array's element type must be default-constructible on the host.

struct NoDefault {
  __host__ __device__ NoDefault(int v) : v(v) {}
  int v;
};
struct Fine {
  __host__ __device__ Fine() : v(0) {}
  int v;
};

void arrays() {
  NoDefault nd[2] = {NoDefault(1), NoDefault(2)};
  NoDefault nd2[2][2] = {{1, 2}, {3, 4}};
  Fine ok[2];
  auto l1 = [nd] __device__ () { return nd[0].v; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture the array 'nd': its element type 'NoDefault' is not default-constructible on the host [extended_lambda_array_capture_default_constructible]
  // CHECK: :[[@LINE-15]]:8: note: 'NoDefault' has no default constructor
  auto l2 = [=] __device__ () {
    return nd2[1][1].v;
  };
  // CHECK: :[[@LINE-2]]:12: error: extended __device__ lambda cannot capture the array 'nd2': its element type 'NoDefault' is not default-constructible on the host [extended_lambda_array_capture_default_constructible]
  // CHECK: :[[@LINE-20]]:8: note: 'NoDefault' has no default constructor

  // compliant twins
  auto ok1 = [ok] __device__ () { return ok[0].v; };
  auto ok2 = [p = &nd[0]] __device__ () { return p->v; };
  (void)l1; (void)l2; (void)ok1; (void)ok2;
}
