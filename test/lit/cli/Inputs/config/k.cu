#if FROM_CONFIG != 1
#error "ExtraArgs were not applied"
#endif
#ifdef BREAK_BUILD
#error "RemovedArgs were not applied"
#endif
template <class F> __global__ void kernel(F f) { f(0); }
void k(int *p) {
  int v = 0;
  kernel<<<1, 1>>>([&v, p] __device__ (int i) { p[i] = v; });
}
