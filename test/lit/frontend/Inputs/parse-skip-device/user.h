// A user header (included by its path): a function whose lambda captures
// another variable in the device compilation. The device side of
// --parse=skip keeps its body (an '#ifdef __CUDA_ARCH__' group meets it).
#pragma once

inline void header_capture(int a, int b) {
  auto lam = [=] __host__ __device__ {
#ifdef __CUDA_ARCH__
    return b;
#else
    return a;
#endif
  };
  (void)lam;
}

// No __CUDA_ARCH__ in it: the device side skips this body.
inline void header_cold(int a) {
  auto lam = [=] __device__ { return a; };
  (void)lam;
}
