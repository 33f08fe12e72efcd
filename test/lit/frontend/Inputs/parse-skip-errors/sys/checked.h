// A library's header (-isystem) that clang rejects only on the device side,
// where a kernel reaches it: 'throw' in a __host__ __device__ function.
#pragma once
template <class T> __host__ __device__ constexpr T checked_t(T i) {
  if (i < 0)
    throw i;
  return i;
}
__device__ inline int checked(int i) { return checked_t(i); }
