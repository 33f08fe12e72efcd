// particles_clean.cu: particles.cu without its one finding (a lambda that captures
// 'dt' in the device compilation only), for scripts/bench (issue 20): with
// every lambda alike in both compilations, xlambda's --parse=skip answers
// the device side from the device preprocessor's tokens instead of a
// device parse (plugin/archtok.h); particles.cu's finding needs the device parse.
#define AMREX_BENCH_CLEAN 1
#include "particles.cu"
