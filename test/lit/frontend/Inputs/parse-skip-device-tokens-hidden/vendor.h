// vendor.h: a library header whose findings the run hides
// (--exclude-header-filter=vendor), for parse-skip-device-tokens-hidden.cu.
// Its bodies differ between the compilations, as CCCL's do (NV_IF_TARGET),
// and name what the main file's lambdas name.
#pragma once

// A template the unit never instantiates: --parse=skip does not parse its
// body (delayed, as a system header's).
template <typename T> T vendor_scale(T value, T factor) {
#ifdef __CUDA_ARCH__
  return (value + value) * factor / 2;
#else
  return value * factor;
#endif
}

// A body --parse=skip skips.
inline int vendor_twice(int value) {
#ifdef __CUDA_ARCH__
  return (value) + (value);
#else
  return value * 2;
#endif
}

#if CASE == 2
// At namespace scope: declared differently, and named in a lambda.
#ifdef __CUDA_ARCH__
typedef int num;
#else
using num = int;
#endif
#endif
