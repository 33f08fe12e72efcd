#include "k.cuh"
#include <sys.h>
void m(int *p) {
  int b = 0;
  kernel<<<1, 1>>>([&b] __device__ (int) { (void)b; });
}
