// Input of suppress.test.
template <class F> __global__ void kernel(F f) { f(0); }

void nolint(int *p) {
  int a = 0, b = 0, c = 0, d = 0, e = 0;
  kernel<<<1, 1>>>([&a, p] __device__ (int i) { p[i] = a; }); // NOLINT
  kernel<<<1, 1>>>([&b, p] __device__ (int i) { p[i] = b; }); // NOLINT(extended_lambda_*)
  kernel<<<1, 1>>>([&c, p] __device__ (int i) { p[i] = c; }); // NOLINT(this_addr_*)
  // CHECK: :[[@LINE-1]]:22: error: extended __device__ lambda cannot capture 'c' by reference [extended_lambda_reference_capture]
  // NOLINTNEXTLINE(extended_lambda_reference_capture)
  kernel<<<1, 1>>>([&d, p] __device__ (int i) { p[i] = d; });
  // NOLINTBEGIN
  kernel<<<1, 1>>>([&e, p] __device__ (int i) { p[i] = e; });
  kernel<<<1, 1>>>([&e, p] __device__ (int i) { p[i] += e; });
  // NOLINTEND
}

void pragmas(int *p) {
  int f = 0, g = 0, h = 0;
#pragma nv_diag_suppress extended_lambda_reference_capture
  kernel<<<1, 1>>>([&f, p] __device__ (int i) { p[i] = f; });
#pragma nv_diagnostic push
#pragma nv_diag_suppress this_addr_capture_ext_lambda
  kernel<<<1, 1>>>([&g, p] __device__ (int i) { p[i] = g; });
#pragma nv_diagnostic pop
  kernel<<<1, 1>>>([&g, p] __device__ (int i) { p[i] += g; });
#pragma nv_diag_default extended_lambda_reference_capture
  kernel<<<1, 1>>>([&h, p] __device__ (int i) { p[i] = h; });
  // CHECK: :[[@LINE-1]]:22: error: extended __device__ lambda cannot capture 'h' by reference [extended_lambda_reference_capture]
}

// NOLINTBEGIN(extended_lambda_reference_capture)
// CHECK: :[[@LINE-1]]:4: error: unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment [xlambda-nolint]
