// RUN: not %xlambda check --quiet %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %xlambda check --quiet --parse=full %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %plugin_check fails %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:' %}
// RUN: %if plugin %{ %plugin_verify %s -- -std=c++17 %}
// RUN: grep -Ev '^ *// (RUN|CHECK|FIXED)' %s > %t.cu
// RUN: not %xlambda check --quiet --fix-notes %t.cu -- -std=c++17 > /dev/null
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.cu %s
// RUN: %xlambda check --quiet %t.cu -- -std=c++17 | count 0

// An extended lambda whose captures depend on __CUDA_ARCH__, given to a
// Thrust algorithm on the device: thrust::transform wraps the closure and
// CUB's kernel takes it by value, so the device reads the host's layout
// with its own (test/gpu/arch_capture_thrust.cu computes 3, not 42, on an
// H200). The kernel is found by its specialization over the closure, down
// Thrust's and CUB's templates. On the host (thrust::host), the same lambda
// reaches no kernel: a warning.
// LSP: differs extended_lambda_arch_dependent_capture -- the server skips Thrust's bodies: a warning with a note that they were not parsed
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>

void on_device(thrust::device_vector<int> &v, int x1, int x2) {
  thrust::transform(v.begin(), v.end(), v.begin(),
                    [=] __host__ __device__ (int) {
  // CHECK: :[[@LINE-1]]:21: error: extended __host__ __device__ lambda captures 'x1' in the host compilation but 'x2' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
                      return x2 + 2;
                      // CHECK: :[[@LINE-1]]:30: note: 'x2' is captured only in the device compilation
#else
                      return x1 + 10;
                      // CHECK: :[[@LINE-1]]:30: note: 'x1' is captured only in the host compilation
#endif
                    });
  // CHECK: :[[@LINE-11]]:11: note: the host copies the closure to the device here, through '{{.*}}transform_kernel'; the device then reads the captured values from the wrong places
  // CHECK: cub/device/dispatch/dispatch_transform.cuh:{{[0-9]+}}:{{[0-9]+}}: note: the library launches '{{.*}}transform_kernel' here
  // CHECK: :[[@LINE-12]]:21: note: capture the variables explicitly, so that both compilations capture all of them in one order
  // FIXED: [x1, x2] __host__ __device__ (int) {
}

void on_host(thrust::host_vector<int> &v, int x1, int x2) {
  thrust::transform(thrust::host, v.begin(), v.end(), v.begin(),
                    [=] __host__ __device__ (int) {
  // CHECK: :[[@LINE-1]]:21: warning: extended __host__ __device__ lambda captures 'x1' in the host compilation but 'x2' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
                      return x2 + 2;
                      // CHECK: :[[@LINE-1]]:30: note: 'x2' is captured only in the device compilation
#else
                      return x1 + 10;
                      // CHECK: :[[@LINE-1]]:30: note: 'x1' is captured only in the host compilation
#endif
                    });
  // CHECK: :[[@LINE-10]]:21: note: capture the variables explicitly, so that both compilations capture all of them in one order
  // FIXED: [x1, x2] __host__ __device__ (int) {
}
