template <class F> __global__ void run(F f) { f(0); }
void hoisted(int *out, int a) {
  run<<<1, 1>>>([x = a * 2, out] __host__ __device__ (int i) { out[i] = x; });
  if (a > 0) {
    auto l = [y{a + 1}, out] __host__ __device__ (int i) { out[i] = y; };
    run<<<1, 1>>>(l);
  }
}
