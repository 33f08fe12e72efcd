template <typename T> __global__ void kern(T in) { in(); }
template <typename T> void bar() {
  auto l = [] __device__ () { return 1; };
  kern<<<1, 1>>>(l);
}
class C { struct P {}; friend int main(); };
int main() {
  struct L {};
  bar<L>();
  bar<C::P *>();
}
