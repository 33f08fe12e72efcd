template <class F> __global__ void kernel(F f) { f(0); }
void ok(int *p) { kernel<<<1, 1>>>([p] __device__ (int i) { p[i] = 0; }); }
