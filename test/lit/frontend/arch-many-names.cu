// The arch scan (lib/frontend/archscan.c) with many arch macros: each
// D<k> is defined in an arm of an #ifdef __CUDA_ARCH__ group, and CHAIN's
// replacement names the last of them, so a lambda that expands CHAIN
// captures 'dt' in the device compilation alone. The scan keeps the names
// in a hash index, grown past 32 names here; D3X, which shares text with
// D3 and D39, and PLAIN are not arch macros.
//
// RUN: not %xlambda check --quiet --no-progress %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %xlambda check --quiet --no-progress --parse=full --format=json %s -- -std=c++17 > %t/full.json
// RUN: not %xlambda check --quiet --no-progress --parse=skip --format=json %s -- -std=c++17 > %t/skip.json
// RUN: cmp %t/full.json %t/skip.json

template <class F> __global__ void kernel(F f) { f(0); }
template <class F> void parallel_for(int n, F f) { kernel<<<1, n>>>(f); }

#ifdef __CUDA_ARCH__
#define D0 dt
#define D1 dt
#define D2 dt
#define D3 dt
#define D4 dt
#define D5 dt
#define D6 dt
#define D7 dt
#define D8 dt
#define D9 dt
#define D10 dt
#define D11 dt
#define D12 dt
#define D13 dt
#define D14 dt
#define D15 dt
#define D16 dt
#define D17 dt
#define D18 dt
#define D19 dt
#define D20 dt
#define D21 dt
#define D22 dt
#define D23 dt
#define D24 dt
#define D25 dt
#define D26 dt
#define D27 dt
#define D28 dt
#define D29 dt
#define D30 dt
#define D31 dt
#define D32 dt
#define D33 dt
#define D34 dt
#define D35 dt
#define D36 dt
#define D37 dt
#define D38 dt
#define D39 dt
#else
#define D0 0
#define D1 0
#define D2 0
#define D3 0
#define D4 0
#define D5 0
#define D6 0
#define D7 0
#define D8 0
#define D9 0
#define D10 0
#define D11 0
#define D12 0
#define D13 0
#define D14 0
#define D15 0
#define D16 0
#define D17 0
#define D18 0
#define D19 0
#define D20 0
#define D21 0
#define D22 0
#define D23 0
#define D24 0
#define D25 0
#define D26 0
#define D27 0
#define D28 0
#define D29 0
#define D30 0
#define D31 0
#define D32 0
#define D33 0
#define D34 0
#define D35 0
#define D36 0
#define D37 0
#define D38 0
#define D39 0
#endif
#define CHAIN D39
#define D3X 1
#define PLAIN 2

void chained(int *p, double dt) {
  parallel_for(4, [=] __device__ (int i) { p[i] = (int)(i * CHAIN); });
  // CHECK: :[[@LINE-1]]:19: error: extended __device__ lambda captures 'p' in the host compilation but 'p', 'dt' in the device compilation [extended_lambda_arch_dependent_capture]
}

void plain(int *p, double dt) {
  parallel_for(4, [=] __device__ (int i) { p[i] = (int)(i * PLAIN * D3X); });
}
