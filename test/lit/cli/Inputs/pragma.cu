// nvcc's own suppression regions: nvcc reports only the last lambda.
template <class F> __global__ void kernel(F f) { f(0); }

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
}
