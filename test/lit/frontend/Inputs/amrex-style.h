// amrex-style.h: AMReX's GPU macros in small (AMReX_GpuQualifiers.H,
// AMReX_GpuControl.H) and a launcher, for the device-side cases of
// --parse=skip (parse-skip-device.cu, parse-skip-device-tokens.cu). The
// lambda's annotation and the device/host arms come from macros;
// XL_IF_ON_DEVICE is defined in the arms of an '#ifdef __CUDA_ARCH__'
// group (an arch macro), so its expansions mark the body.
#pragma once

#define XL_GPU_DEVICE __device__
#define XL_STRIP(...) __VA_ARGS__
#ifdef __CUDA_ARCH__
#define XL_IF_ON_DEVICE(CODE) { XL_STRIP CODE }
#define XL_IF_ON_HOST(CODE) {}
#else
#define XL_IF_ON_DEVICE(CODE) {}
#define XL_IF_ON_HOST(CODE) { XL_STRIP CODE }
#endif

template <class F> __global__ void for_kernel(F f) { f((int)threadIdx.x); }
template <class F> void parallel_for(int n, F f) { for_kernel<<<1, n>>>(f); }
