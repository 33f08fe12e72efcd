// RUN: %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check builds %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}

// '[=, *this]' copies the whole object into the closure. The kernel's copy
// of the closure is destroyed on the device, which then runs the members'
// destructors: std::vector's, std::string's, or any that is not __device__
// code. nvcc 13.0 only warns, at a line of a CUDA header ("calling a __host__
// function from a __host__ __device__ function is not allowed"). The Kokkos
// lambda guide describes the case.

#include <string>
#include <vector>

template <class F> __global__ void run(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

struct Fancy {
  int n;
  double *array;
  double factor;
  std::vector<int> host_data;
  std::string name;
  void set_values() {
    run<<<(n + 127) / 128, 128>>>(n, [=, *this] __device__ (int i) { array[i] = factor * i; });
    // CHECK: :[[@LINE-1]]:42: warning: extended __device__ lambda copies '*this' with the member 'host_data' of type 'std::vector<int>', which cannot be copied or destroyed on the device [extended_lambda_star_this_copy]
    // CHECK: :[[@LINE-5]]:20: note: 'host_data' declared here
    // CHECK: stl_vector.h:{{[0-9]+}}:{{[0-9]+}}: note: the destructor of 'vector' is host code; the device runs it when the kernel's copy of the closure goes away
    // CHECK: :[[@LINE-6]]:15: note: 'name' cannot live on the device either
    // CHECK: :[[@LINE-5]]:42: note: copy the members the lambda uses into local variables and capture those instead of '*this'
  }
};

struct HostOnly {
  HostOnly() {}
  ~HostOnly() {}
};

struct Nested {
  HostOnly h;
};

struct Holder {
  int n;
  Nested nested;
  void go() {
    auto l = [=, *this] __host__ __device__ (int i) { return n + i; };
    // CHECK: :[[@LINE-1]]:18: warning: extended __host__ __device__ lambda copies '*this' with the member 'nested' of type 'Nested', which cannot be copied or destroyed on the device [extended_lambda_star_this_copy]
    // CHECK: :[[@LINE-4]]:10: note: 'nested' declared here
    // CHECK: :[[@LINE-14]]:3: note: the destructor of 'HostOnly' is host code
    // CHECK: :[[@LINE-4]]:18: note: copy the members the lambda uses
    (void)l;
  }
};

// ---- compliant twins ----------------------------------------------------

struct DeviceReady {
  __host__ __device__ ~DeviceReady() {}
};

struct Plain {
  int n;
  double factor;
  double *array;
  DeviceReady ready;
  std::vector<int> host_data;
  void copies_plain_members() {
    // the members the lambda needs, copied into locals
    double f = factor;
    double *a = array;
    run<<<(n + 127) / 128, 128>>>(n, [=] __device__ (int i) { a[i] = f * i; });
  }
};

struct OnlyTrivial {
  int n;
  double factor;
  DeviceReady ready;
  void star_this_is_fine() {
    auto l = [=, *this] __device__ (int i) { return factor * i + n; };
    (void)l;
  }
};
