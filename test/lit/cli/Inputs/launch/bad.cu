template <class F> __global__ void kernel(F f) { f(0); }
void bad(int *p) {
  int v = 0;
  kernel<<<1, 1>>>([&v, p] __device__ (int i) { p[i] = v; });
}
