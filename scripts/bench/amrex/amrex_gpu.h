// amrex_gpu.h: a self-contained imitation of AMReX's GPU layer
// (AMReX_GpuQualifiers.H, AMReX_GpuControl.H, AMReX_GpuLaunch.H,
// AMReX_Array4.H, AMReX_Box.H), for the benchmark units of
// scripts/bench/amrex (issue 20: the device side of --parse=skip). Only
// the CUDA toolkit and CCCL. The shape that matters: every lambda passes
// through AMREX_GPU_DEVICE / AMREX_GPU_HOST_DEVICE, and the code inside
// them tests __CUDA_ARCH__, through AMREX_IF_ON_DEVICE/AMREX_IF_ON_HOST or
// directly, as AMReX's own kernels do.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <utility>

#define AMREX_GPU_HOST __host__
#define AMREX_GPU_DEVICE __device__
#define AMREX_GPU_GLOBAL __global__
#define AMREX_GPU_HOST_DEVICE __host__ __device__
#define AMREX_FORCE_INLINE __forceinline__
#define AMREX_RESTRICT __restrict__

#define AMREX_IMPL_STRIP_PARENS(X) AMREX_IMPL_ESC(AMREX_IMPL_ISH X)
#define AMREX_IMPL_ISH(...) AMREX_IMPL_ISH __VA_ARGS__
#define AMREX_IMPL_ESC(...) AMREX_IMPL_ESC_(__VA_ARGS__)
#define AMREX_IMPL_ESC_(...) AMREX_IMPL_VAN_##__VA_ARGS__
#define AMREX_IMPL_VAN_AMREX_IMPL_ISH

#if defined(__CUDA_ARCH__)
#define AMREX_DEVICE_COMPILE 1
#define AMREX_IF_ON_DEVICE(CODE) \
  { AMREX_IMPL_STRIP_PARENS(CODE) }
#define AMREX_IF_ON_HOST(CODE) \
  {}
#else
#define AMREX_IF_ON_DEVICE(CODE) \
  {}
#define AMREX_IF_ON_HOST(CODE) \
  { AMREX_IMPL_STRIP_PARENS(CODE) }
#endif

#define AMREX_GPU_ERROR_CHECK()                                              \
  do {                                                                       \
    cudaError_t amrex_err = cudaGetLastError();                              \
    if (amrex_err != cudaSuccess) {                                          \
      std::fprintf(stderr, "CUDA error %s\n", cudaGetErrorString(amrex_err)); \
      std::abort();                                                          \
    }                                                                        \
  } while (0)

namespace amrex {

using Real = double;
using Long = long long;

struct IntVect {
  int v[3];
  AMREX_GPU_HOST_DEVICE int operator[](int i) const { return v[i]; }
};

struct Dim3 {
  int x, y, z;
};

struct Box {
  IntVect lo, hi;
  AMREX_GPU_HOST_DEVICE Long numPts() const {
    return Long(hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1);
  }
  AMREX_GPU_HOST_DEVICE Dim3 length() const {
    return Dim3{hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1};
  }
  AMREX_GPU_HOST_DEVICE Box grow(int n) const {
    return Box{IntVect{{lo[0] - n, lo[1] - n, lo[2] - n}},
               IntVect{{hi[0] + n, hi[1] + n, hi[2] + n}}};
  }
};

template <class T> struct Array4 {
  T *AMREX_RESTRICT p;
  Long jstride, kstride, nstride;
  Dim3 begin, end;
  int ncomp;
  AMREX_GPU_HOST_DEVICE AMREX_FORCE_INLINE T &operator()(int i, int j, int k,
                                                         int n = 0) const {
    return p[(i - begin.x) + (j - begin.y) * jstride +
             (k - begin.z) * kstride + n * nstride];
  }
};

struct GpuArray3 {
  Real d[3];
  AMREX_GPU_HOST_DEVICE Real operator[](int i) const { return d[i]; }
};

namespace Gpu {

struct ExecutionConfig {
  dim3 numBlocks, numThreads;
  ExecutionConfig(Long n) : numBlocks((unsigned)((n + 255) / 256)), numThreads(256) {}
};

inline cudaStream_t gpuStream() { return 0; }

template <class T> AMREX_GPU_DEVICE AMREX_FORCE_INLINE T Add(T *p, T v) {
#ifdef __CUDA_ARCH__
  return atomicAdd(p, v);
#else
  T old = *p;
  *p += v;
  return old;
#endif
}

template <class T> AMREX_GPU_DEVICE AMREX_FORCE_INLINE T Max(T *p, T v) {
  T old = *p;
  *p = old < v ? v : old;
  return old;
}

} // namespace Gpu

template <class L> AMREX_GPU_GLOBAL void launch_global(L f) { f(); }

template <class L>
AMREX_GPU_GLOBAL void launch_1d(Long n, L f) {
  Long i = Long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <class L>
AMREX_GPU_GLOBAL void launch_box(Box b, L f) {
  Dim3 len = b.length();
  Long icell = Long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (icell >= b.numPts())
    return;
  int k = int(icell / (Long(len.x) * len.y));
  int j = int((icell - Long(k) * len.x * len.y) / len.x);
  int i = int(icell - Long(k) * len.x * len.y - Long(j) * len.x);
  f(i + b.lo[0], j + b.lo[1], k + b.lo[2]);
}

template <class L>
AMREX_GPU_GLOBAL void launch_box_n(Box b, int ncomp, L f) {
  Dim3 len = b.length();
  Long icell = Long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (icell >= b.numPts())
    return;
  int k = int(icell / (Long(len.x) * len.y));
  int j = int((icell - Long(k) * len.x * len.y) / len.x);
  int i = int(icell - Long(k) * len.x * len.y - Long(j) * len.x);
  for (int n = 0; n < ncomp; ++n)
    f(i + b.lo[0], j + b.lo[1], k + b.lo[2], n);
}

template <class L> void single_task(L &&f) {
  launch_global<<<1, 1, 0, Gpu::gpuStream()>>>(std::forward<L>(f));
  AMREX_GPU_ERROR_CHECK();
}

template <class L> void ParallelFor(Long n, L &&f) {
  Gpu::ExecutionConfig ec(n);
  launch_1d<<<ec.numBlocks, ec.numThreads, 0, Gpu::gpuStream()>>>(
      n, std::forward<L>(f));
  AMREX_GPU_ERROR_CHECK();
}

template <class L> void ParallelFor(const Box &b, L &&f) {
  Gpu::ExecutionConfig ec(b.numPts());
  launch_box<<<ec.numBlocks, ec.numThreads, 0, Gpu::gpuStream()>>>(
      b, std::forward<L>(f));
  AMREX_GPU_ERROR_CHECK();
}

template <class L> void ParallelFor(const Box &b, int ncomp, L &&f) {
  Gpu::ExecutionConfig ec(b.numPts());
  launch_box_n<<<ec.numBlocks, ec.numThreads, 0, Gpu::gpuStream()>>>(
      b, ncomp, std::forward<L>(f));
  AMREX_GPU_ERROR_CHECK();
}

} // namespace amrex
