// Found only through the include paths the compile commands give.
#pragma once
#ifndef __CUDACC_EXTENDED_LAMBDA__
#error "--extended-lambda was not seen"
#endif
#if __cplusplus != 201703L
#error "nvcc's default standard is C++17"
#endif
template <class F> __global__ void kernel(F f) { f(0); }
