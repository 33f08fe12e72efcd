// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check --host-only builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: %xlambda check --quiet %s -- -std=c++14 | FileCheck --check-prefix=CXX14 %s
// RUN: %if plugin %{ %plugin_check --host-only builds %s -- -std=c++14 | FileCheck --check-prefix=CXX14 %s %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED|CXX14)' %s > %t.cu
// RUN: %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// The macro case has no automatic fix:
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | grep warning: | count 1
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | FileCheck --check-prefix=AFTER %s
// AFTER-NOT: [this] __device__
// ORACLE: plugin-skip clang 22's device compilation rejects static_member() ("reference to __host__ variable 'counter'"), which nvcc accepts
// The clang plugin lines compile the host side only (--cuda-host-only):
// clang 22's device compilation rejects static_member() below ("reference
// to __host__ variable 'counter' in __device__ function"), which nvcc
// accepts, and that error is not what this test is about.

// A __device__ or __host__ __device__ extended lambda in a member function
// that uses a member captures 'this', a host pointer. nvcc compiles it
// without a word; on the GPU it is an illegal memory access (measured in
// test/gpu/this_capture). A warning by default.

template <class F> __global__ void run(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

#define KOKKOS_LAMBDA [=] __host__ __device__

struct Fancy {
  int n;
  double *array;
  double factor;
  double scale() const { return factor; }

  void set_values() {
    run<<<(n + 127) / 128, 128>>>(n, [=] __device__ (int i) { array[i] = factor * i; });
    // CHECK: :[[@LINE-1]]:63: warning: extended __device__ lambda implicitly captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
    // CHECK: :[[@LINE-2]]:39: note: capture '*this' by copy to take the object to the device
    // CXX14: :[[@LINE-3]]:63: warning: extended __device__ lambda implicitly captures 'this'
    // CXX14: :[[@LINE-4]]:38: note: copy the members the lambda uses into local variables and capture those
    // FIXED: run<<<(n + 127) / 128, 128>>>(n, [=, *this] __device__ (int i) { array[i] = factor * i; });
  }

  void through_a_method() {
    auto l = [=] __device__ (int i) { return scale() * i; };
    // CHECK: :[[@LINE-1]]:46: warning: extended __device__ lambda implicitly captures 'this'
    // CHECK: :[[@LINE-2]]:15: note: capture '*this' by copy
    // FIXED: auto l = [=, *this] __device__ (int i) { return scale() * i; };
    (void)l;
  }

  void host_device_and_macro() {
    auto l1 = [=] __host__ __device__ (int i) { return this->factor * i; };
    // CHECK: :[[@LINE-1]]:56: warning: extended __host__ __device__ lambda implicitly captures 'this'
    // CHECK: :[[@LINE-2]]:16: note: capture '*this' by copy to take the object to the device
    // CXX14: :[[@LINE-3]]:15: note: copy the members the lambda uses into local variables and capture those
    // FIXED: auto l1 = [=, *this] __host__ __device__ (int i) { return this->factor * i; };
    auto l2 = KOKKOS_LAMBDA (int i) { return factor * i; };
    // CHECK: :[[@LINE-1]]:46: warning: extended __host__ __device__ lambda implicitly captures 'this'
    // CHECK: :[[@LINE-2]]:15: note: copy the members
    (void)l1; (void)l2;
  }

  // compliant twins
  void compliant() {
    double f = factor;
    double *a = array;
    auto ok1 = [=] __device__ (int i) { a[i] = f * i; };
    auto ok2 = [=, *this] __device__ (int i) { return factor * i; };
    auto ok3 = [*this] __device__ (int i) { return factor * i; };
    auto ok4 = [=] (int i) { return factor * i; };
    auto ok5 = [this] (int i) { return factor * i; };
    (void)ok1; (void)ok2; (void)ok3; (void)ok4; (void)ok5;
  }

  // An explicit '[this]' in a __device__ lambda is the same host pointer;
  // nvcc says nothing, even under -Wext-lambda-captures-this (measured in
  // test/gpu/this_explicit.cu). In a __host__ __device__ lambda it may be
  // meant for the host calls: not reported.
  void explicit_this() {
    run<<<(n + 127) / 128, 128>>>(n, [this] __device__ (int i) { array[i] = factor * i; });
    // CHECK: :[[@LINE-1]]:39: warning: extended __device__ lambda captures 'this', a host pointer the device cannot dereference [this_addr_capture_ext_lambda]
    // CHECK: :[[@LINE-2]]:39: note: the device can dereference it only if the object is in managed or device memory (cudaMallocManaged, cudaMalloc)
    // CHECK: :[[@LINE-3]]:39: note: capture '*this' by copy to take the object to the device
    // CXX14: :[[@LINE-4]]:39: warning: extended __device__ lambda captures 'this'
    // CXX14: :[[@LINE-5]]:39: note: the device can dereference it only if
    // CXX14: :[[@LINE-6]]:38: note: copy the members the lambda uses into local variables and capture those
    // FIXED: run<<<(n + 127) / 128, 128>>>(n, [*this] __device__ (int i) { array[i] = factor * i; });
    auto hd = [this] __host__ __device__ (int i) { return factor * i; };
    (void)hd;
  }
  static int counter;
  static void static_member() {
    auto ok = [=] __device__ () { return counter; };
    (void)ok;
  }
};
