// SARIF input: a warning, an error with a note, and non-ASCII text before a
// column so that UTF-16 and byte columns differ.
template <class F> __global__ void kernel(F f) { f(0); }
struct S {
  int *p;
  void run() { kernel<<<1, 1>>>([=] __device__ (int i) { p[i] = 0; }); }
};
void g(int *q) {
  int v = 0; /* é */ kernel<<<1, 1>>>([&v, q] __device__ (int i) { q[i] = v; });
}
