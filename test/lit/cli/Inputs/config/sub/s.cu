#if FROM_CONFIG != 1
#error "the parent's ExtraArgs were not inherited"
#endif
template <class F> __global__ void kernel(F f) { f(0); }
struct S {
  int *m;
  void r() { kernel<<<1, 1>>>([=] __device__ (int i) { m[i] = 0; }); }
};
void s(int *p) {
  int w = 0;
  kernel<<<1, 1>>>([&w, p] __device__ (int i) { p[i] = w; });
}
