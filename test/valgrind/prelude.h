// A minimal stand-in for the CUDA runtime headers, for the memcheck stage
// (scripts/test.sh valgrind): with -nocudainc the rule cases parse in a few
// milliseconds instead of pulling in the CUDA toolkit's headers, whose parse
// makes libclang trip memcheck's definedness tracking millions of times.
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
typedef __SIZE_TYPE__ size_t;
struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
  __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
typedef struct CUstream_st *cudaStream_t;
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block,
                                                size_t shmem = 0,
                                                void *stream = 0);
extern "C" int cudaDeviceSynchronize(void);
extern "C" int printf(const char *, ...);
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void *malloc(size_t);
extern "C" __device__ void free(void *);
#include "__clang_cuda_builtin_vars.h"
