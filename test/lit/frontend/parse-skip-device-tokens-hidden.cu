// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts --exclude-header-filter=vendor %s -- -std=c++17 -DCASE=0 | FileCheck --check-prefix=TOKENS %s
// RUN: for n in 0 1 2 3; do \
// RUN:   for filter in --exclude-header-filter=vendor --header-filter=.; do \
// RUN:     %xlambda check --quiet --no-progress --parse=full --format=json $filter %s -- -std=c++17 -DCASE=$n > %t.full.$n.json; \
// RUN:     %xlambda check --quiet --no-progress --parse=skip --format=json $filter %s -- -std=c++17 -DCASE=$n > %t.skip.$n.json; \
// RUN:     cmp %t.full.$n.json %t.skip.$n.json || exit 1; \
// RUN:   done; \
// RUN: done
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts --header-filter=. %s -- -std=c++17 -DCASE=0 | FileCheck --check-prefix=TOKENS %s
// RUN: not %xlambda check --quiet --no-progress --parse=skip --exclude-header-filter=vendor %s -- -std=c++17 -DCASE=1 | FileCheck --check-prefix=CASE1 %s --implicit-check-not='{{warning|error|note}}:'
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts --exclude-header-filter=vendor %s -- -std=c++17 -DCASE=1 | FileCheck --check-prefix=TOKENS %s
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts --exclude-header-filter=vendor %s -- -std=c++17 -DCASE=2 > %t.facts.2.json
// RUN: grep -q '"device": {' %t.facts.2.json
// RUN: not grep -q '"from_tokens"' %t.facts.2.json
// RUN: %xlambda check --quiet --no-progress --parse=skip --dump-facts --exclude-header-filter=vendor %s -- -std=c++17 -DCASE=3 > %t.facts.3.json
// RUN: grep -q '"device": {' %t.facts.3.json
// RUN: not grep -q '"from_tokens"' %t.facts.3.json
// ORACLE: skip the cases are about how --parse=skip answers the device side, compared with --parse=full
//
// --parse=skip answers the device side from the device preprocessor's
// tokens (plugin/archtok.h) when every stretch that differs between the
// compilations is harmless. A stretch inside a function's body declares
// nothing a lambda elsewhere can name. vendor.h's bodies differ and name
// 'value', as the lambdas below do; when the run hides vendor.h's findings
// the host does not parse those bodies (a template never instantiated, a
// body skipped), and a stretch there was taken for one at namespace scope
// until 2026-11-30: the answer was declined and the device side parsed
// (CCCL's segmented_algorithm.cu with CCCL's headers hidden cost more
// than with them shown). Now the braces open before a stretch say it
// lies in a body (vendor_scale's is the file's first statement: a '{'
// with no 'class', 'namespace' or the like before it back to the file's
// start opens a body). Answered from the tokens (TOKENS): CASE 0 with
// vendor.h hidden or shown, CASE 1 (a device-only capture, reported) with
// it hidden. A stretch at namespace scope still declines the answer when
// a lambda names what it declares (CASE 2: the device side is parsed).
// So does one in a class whose '{' is a header's first token, the class
// head before the #include (CASE 3): the token before a file's first one
// tells whether its first statement begins there (starts_statement).
// Every case has --parse=full's findings, vendor.h hidden or shown.
// TOKENS: "from_tokens": true

#include "Inputs/amrex-style.h"
#include "Inputs/parse-skip-device-tokens-hidden/vendor.h"

void scaled(int *p, int value) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
#ifdef __CUDA_ARCH__
    p[i] = value + i;
#else
    p[i] = value + i;
#endif
  });
}

#if CASE == 1
// The device side alone captures 'extra', reported from the tokens.
void device_only(int *p, int value, int extra) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
#ifdef __CUDA_ARCH__
    p[i] = value + extra;
#else
    p[i] = value;
#endif
  });
}
// CASE1: :[[@LINE-8]]:19: error: extended __device__ lambda captures 'p', 'value' in the host compilation but 'p', 'value', 'extra' in the device compilation [extended_lambda_arch_dependent_capture]
// CASE1: :[[@LINE-7]]:20: note: 'extra' is captured only in the device compilation
// CASE1: :[[@LINE-10]]:19: note: the host copies the closure to the device here, through 'parallel_for'; the capture counts differ
// CASE1: :[[@LINE-11]]:19: note: capture the variables explicitly, so that both compilations capture all of them in one order
#endif

#if CASE == 2
void named(int *p, int value) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
#ifdef __CUDA_ARCH__
    num k = value;
#else
    num k = value + 0;
#endif
    p[i] = k;
  });
}
#endif

#if CASE == 3
struct holder
#include "Inputs/parse-skip-device-tokens-hidden/holder-body.h"
;

void qualified(int *p, int value) {
  parallel_for(4, [=] XL_GPU_DEVICE (int i) {
    holder::num k = value;
    p[i] = k;
  });
}
#endif
