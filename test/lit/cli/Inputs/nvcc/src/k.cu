#include "k.cuh"
#ifndef __CUDACC_RDC__
#error "-rdc=true was not translated"
#endif
#if FOO != 1
#error "-DFOO=1 was lost"
#endif
void k(int *p) {
  int a = 0;
  kernel<<<1, 1>>>([&a] __device__ (int) { (void)a; });
  kernel<<<1, 1>>>([p] __device__ (int i) { p[i] = 0; });
}
