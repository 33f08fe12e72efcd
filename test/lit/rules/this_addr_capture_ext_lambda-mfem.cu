// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: %xlambda check --quiet --verify-facts %s -- -std=c++17 > /dev/null

// Reduced from a true finding on real code (issue 25): MFEM's
// miniapps/fluids/schrodinger-flow/schrodinger_flow.hpp, VisualizerBase::
// Visualize(). A class template that inherits its options privately sets a
// host callback whose body runs a loop on the device; the loop's
// __host__ __device__ lambda reads two options, members reached through the
// host 'this'. nvcc 13.0 compiles it without a word; its opt-in
// -Wext-lambda-captures-this warns on the same lambda (warning #20178-D,
// docs/real-projects.md). The compliant twin copies the members first.

#include <functional>

#define HOST_DEVICE __host__ __device__

template <typename F> __global__ void forall_kernel(int n, F body) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) body(i);
}

template <typename F> void forall(int n, F &&body) {
  forall_kernel<<<(n + 127) / 128, 128>>>(n, body);
}

struct Options {
  enum class VisData { X, Y, Z, Jet, Unknown };
  int dim = 2;
  VisData vis_data = VisData::X;
};

template <typename TMesh> struct VisualizerBase : private Options {
  TMesh &mesh;
  double *field;
  int ndofs;
  std::function<void()> vis_fn;

  VisualizerBase(Options &config, TMesh &m, double *f, int n)
      : Options(config), mesh(m), field(f), ndofs(n) { Visualize(); }

  void Visualize() {
    if (vis_data <= Options::VisData::Z) {
      vis_fn = [&]() {
        auto w = field;
        forall(ndofs, [=] HOST_DEVICE (int i) {
          w[i] = vis_data == Options::VisData::X ? 1.0
                 : dim == 3                      ? 3.0
                                                 : 0.0;
        });
      };
    }
    // CHECK: :[[@LINE-7]]:24: warning: extended __host__ __device__ lambda implicitly captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
    // CHECK: :[[@LINE-8]]:23: note: copy the members the lambda uses into local variables and capture those
    if (vis_data == Options::VisData::Jet) { // compliant twin
      vis_fn = [&]() {
        auto w = field;
        const auto vd = vis_data;
        const int d = dim;
        forall(ndofs, [=] HOST_DEVICE (int i) {
          w[i] = vd == Options::VisData::X ? 1.0 : d == 3 ? 3.0 : 0.0;
        });
      };
    }
  }
};

struct Mesh {};

void run(Options &config, Mesh &mesh, double *field, int n) {
  VisualizerBase<Mesh> vis(config, mesh, field, n);
  vis.vis_fn();
}
