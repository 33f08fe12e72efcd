void f() {
  int a = 1;
  auto l = [&a] __device__ () { return a; };
  (void)l;
}
