// A unit with more than 1,000,000 user-file tokens (the expansions of the
// macros below: 600,000 variables, 1,260,000 tokens) still has its device
// side answered from the tokens (issue 20): the host keeps 4 bytes a token
// while it parses and 8 while the plan is made with its AST alive, and lexes
// the tokens again only once that AST is freed, so the cap is 2,000,000 a
// side (plugin/archtok.cpp). segmented_algorithm.cu of CCCL's own database,
// whose CCCL headers are user headers, records 1,375,000.
//
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts %s -- -std=c++17 | FileCheck --check-prefix=TOKENS %s
// RUN: not %xlambda check --quiet --no-progress --parse=skip %s -- -std=c++17 | FileCheck %s --implicit-check-not='{{warning|error|note}}:'
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %xlambda check --quiet --no-progress --parse=full --format=json %s -- -std=c++17 > %t/full.json
// RUN: not %xlambda check --quiet --no-progress --parse=skip --format=json %s -- -std=c++17 > %t/skip.json
// RUN: cmp %t/full.json %t/skip.json
//
// TOKENS: "from_tokens": true

#define A(p) int p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7, p##8, p##9;
#define B(p) A(p##0) A(p##1) A(p##2) A(p##3) A(p##4) A(p##5) A(p##6) A(p##7) A(p##8) A(p##9)
#define C(p) B(p##0) B(p##1) B(p##2) B(p##3) B(p##4) B(p##5) B(p##6) B(p##7) B(p##8) B(p##9)
#define D(p) C(p##0) C(p##1) C(p##2) C(p##3) C(p##4) C(p##5) C(p##6) C(p##7) C(p##8) C(p##9)
#define E(p) D(p##0) D(p##1) D(p##2) D(p##3) D(p##4) D(p##5) D(p##6) D(p##7) D(p##8) D(p##9)
E(u) E(v) E(w) E(x) E(y) E(z)

template <class F> __global__ void kernel(F f) { f(0); }
template <class F> void parallel_for(int n, F f) { kernel<<<1, n>>>(f); }

// Only the device arm names 'dt'.
void device_only(int *p, double dt) {
  parallel_for(4, [=] __device__ (int i) {
  // CHECK: :[[@LINE-1]]:19: error: extended __device__ lambda captures 'p' in the host compilation but 'p', 'dt' in the device compilation [extended_lambda_arch_dependent_capture]
#ifdef __CUDA_ARCH__
    p[i] = (int)(i * dt);
  // CHECK: :[[@LINE-1]]:22: note: 'dt' is captured only in the device compilation
  // CHECK: :[[@LINE-5]]:19: note: the host copies the closure to the device here, through 'parallel_for'; the capture counts differ
  // CHECK: :[[@LINE-6]]:19: note: capture the variables explicitly, so that both compilations capture all of them in one order
#else
    p[i] = i;
#endif
  });
}
