// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// A captured array's element type must be copy-assignable on the host.

struct NoAssign {
  __host__ __device__ NoAssign() {}
  NoAssign &operator=(const NoAssign &) = delete;
};
struct ConstMember {
  __host__ __device__ ConstMember() : k(1) {}
  const int k;
};
struct Fine {
  int v;
};

void arrays() {
  NoAssign na[2];
  ConstMember cm[3];
  Fine ok[2] = {};
  auto l1 = [na] __device__ () { return 1; };
  // CHECK: :[[@LINE-1]]:14: error: extended __device__ lambda cannot capture the array 'na': its element type 'NoAssign' is not copy-assignable on the host [extended_lambda_array_capture_assignable]
  // CHECK: :[[@LINE-18]]:8: note: 'NoAssign' cannot be copy-assigned
  auto l2 = [=] __device__ () { return cm[0].k; };
  // CHECK: :[[@LINE-1]]:40: error: extended __device__ lambda cannot capture the array 'cm': its element type 'ConstMember' is not copy-assignable on the host [extended_lambda_array_capture_assignable]
  // CHECK: :[[@LINE-17]]:8: note: 'ConstMember' cannot be copy-assigned

  // compliant twins
  auto ok1 = [ok] __device__ () { return ok[0].v; };
  auto ok2 = [p = &na[0]] __device__ () { return p != nullptr; };
  (void)l1; (void)l2; (void)ok1; (void)ok2;
}
