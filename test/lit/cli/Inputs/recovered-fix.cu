template <class F> __global__ void run(F f) { f(0); }
void f(int *out) {
  auto g = []<class T> __device__ (T x) { return x; };
  int c = 3;
  auto l = [&] __device__ (int i) { out[i] = c; };
  run<<<1, 1>>>(l);
  (void)g;
}
