#pragma once
namespace vendor {
inline int max_of(int a, int b) { return a > b ? a : b; }
}
// Nothing instantiates this template and it holds no extended lambda, so
// the skip parse keeps its tokens only. Its body names what the library
// no longer has (as AMReX_GpuReduce.H names 'cub::Min', gone in CUDA 13).
template <class T> T min_of(T a, T b) { return vendor::min_of(a, b); }
