// A user header (-I) that clang rejects only on the device side, where a
// kernel reaches it: 'throw' in a __host__ __device__ function. Its text is
// alike in both compilations: a device skip would skip its body.
#pragma once
__host__ __device__ inline int checked(int i) {
  if (i < 0)
    throw i;
  return i;
}
