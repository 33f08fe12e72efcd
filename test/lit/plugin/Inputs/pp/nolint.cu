void f() {
  int a = 1, b = 2;
  auto l = [&a] __device__ () { return a; }; // NOLINT(extended_lambda_reference_capture)
  // NOLINTNEXTLINE(extended_lambda_reference_capture)
  auto m = [&b] __device__ () { return b; };
  auto n = [&a] __device__ () { return a; };
  (void)l; (void)m; (void)n;
}
