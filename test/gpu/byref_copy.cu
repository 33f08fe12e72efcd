// issue 18: by-reference captures in extended lambdas (nvcc rejects them:
// this original does not compile). 'b' keeps its value from the lambdas'
// creation on, so xlambda's fix on the finding (what --fix applies) captures
// it by copy: '[=, &b]' becomes '[=]' (not the ill-formed '[=, b]') and
// '[a, &b, out]' becomes '[a, b, out]'. The fixed program must compute what
// the by-reference lambdas mean: the value 'b' has when the kernels run.
#include <cstdio>
#include <cuda_runtime.h>
template <class F> __global__ void run(int n, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) f(i); }
int main() {
  const int n = 256;
  int *out = nullptr;
  cudaMalloc(&out, 2 * n * sizeof(int));
  int a = 1, b = 2;
  b += 40; // written before the lambdas are created: a copy sees it too
  auto l1 = [=, &b] __device__ (int i) { out[i] = a + b + i; };
  auto l2 = [a, &b, out] __device__ (int i) { out[n + i] = a * b + i; };
  run<<<1, n>>>(n, l1);
  run<<<1, n>>>(n, l2);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  if (e != cudaSuccess) return 1;
  int h[2 * n], bad = 0;
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) bad += h[i] != a + b + i || h[n + i] != a * b + i;
  printf("out[0] %d (want %d) out[n] %d (want %d) mismatches %d\n", h[0], a + b, h[n], a * b, bad);
  return bad == 0 ? 0 : 1;
}
