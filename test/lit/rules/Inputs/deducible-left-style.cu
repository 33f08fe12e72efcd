template <class F> __global__ void run(F f) { f(0); }
static float* data;
struct Pool {
  int n;
  decltype(auto) submit() {
    auto l = [] __device__ (int i) { (void)i; };
    run<<<1, 1>>>(l);
    return *this;
  }
};
static auto get() {
  auto l = [] __device__ (int i) { return i; };
  run<<<1, 1>>>(l);
  return data;
}
