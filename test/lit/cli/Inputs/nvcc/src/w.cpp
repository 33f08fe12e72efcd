// nvcc_wrapper compiles .cpp files as CUDA.
#include "k.cuh"
#if !defined(KOKKOS_DEP)
#error "-DKOKKOS_DEP was lost"
#endif
void w() {
  int c = 0;
  kernel<<<1, 1>>>([&c] __device__ (int) { (void)c; });
}
