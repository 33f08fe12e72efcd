void good(int *p) {
  int a = 1;
  auto l = [=] __device__ (int i) { p[i] = a; };
  (void)l;
}
