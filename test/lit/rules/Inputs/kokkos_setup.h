// The lambda macros as Kokkos's setup header for CUDA defines them
// (core/src/setup/Kokkos_Setup_Cuda.hpp, Kokkos 4.x): both in one file.
#define KOKKOS_LAMBDA [=] __host__ __device__
#define KOKKOS_CLASS_LAMBDA [ =, *this ] __host__ __device__
// A project macro with no '*this' twin beside it.
#define PROJECT_LAMBDA [=] __device__
