#!/bin/sh
# `xlambda launch` composed with Debian's ccache as CMake's CUDA compiler
# launcher on examples/cmake, in both orders (ctest launch-ccache; exit 77,
# a skip, without ccache or nvcc):
#   xlambda;launch;--;ccache   the check runs before ccache, on every compile,
#                              also when ccache then has a hit
#   ccache;xlambda;launch;--   ccache 4.7 does not take `xlambda launch --
#                              nvcc ...` for a compiler it can cache
#                              ("Compiler type: other", it runs the command
#                              as it is): every compile is checked and
#                              compiled, nothing is cached (docs/ci.md:
#                              put xlambda first)
# Each compile prints its findings once, and --fail-on-findings fails it.
# Usage: launch_ccache_test.sh XLAMBDA SOURCE_ROOT
set -eu
xlambda=$1
root=$2
if ! command -v ccache >/dev/null 2>&1; then
  echo "launch-ccache: skipped: ccache is not installed (scripts/install-deps.sh installs it)"
  exit 77
fi
nvcc=$(command -v nvcc || true)
[ -n "$nvcc" ] || { [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc; } || true
if [ -z "$nvcc" ]; then
  echo "launch-ccache: skipped: nvcc not found"
  exit 77
fi
t=$(mktemp -d /tmp/xl-launch-ccache.XXXXXX)
PATH=$(cd "$(dirname "$xlambda")" && pwd):$PATH
export PATH CCACHE_DIR="$t/ccache" CCACHE_NOHASHDIR=1 CCACHE_LOGFILE="$t/ccache.log"
cp -r "$root/examples/cmake" "$t/proj"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# the number of ccache hits so far
hits() { ccache --print-stats | awk '$1 ~ /^(direct|preprocessed)_cache_hit$/ {n += $2} END {print n + 0}'; }
# build OBJ in a fresh build directory with LAUNCHER; the log in $t/$2.log
build() {
  cmake -S "$t/proj" -B "$t/$2" -DCMAKE_CUDA_COMPILER="$nvcc" \
    "-DCMAKE_CUDA_COMPILER_LAUNCHER=$1" >/dev/null 2>&1
  cmake --build "$t/$2" --target "$3" >"$t/$2.log" 2>&1
}
# the finding of stats.cu (in launch.cuh), exactly once in log $1
finding="launch.cuh:21:46: error: extended __device__ lambda implicitly captures 'this'"
once() {
  n=$(grep -cF "$finding" "$t/$1.log" || true)
  [ "$n" = 1 ] || fail "$1: the finding printed $n times, not once"
}

# ---- xlambda in front of ccache ---------------------------------------------
ccache -z >/dev/null
build "xlambda;launch;--;ccache" a1 src/stats.cu.o || fail "a1: build failed"
once a1
h0=$(hits)
build "xlambda;launch;--;ccache" a2 src/stats.cu.o || fail "a2: build failed"
once a2 # the check ran although ccache had the object
[ "$(hits)" -gt "$h0" ] || fail "a2: no ccache hit (see $t/ccache.log)"
test -f "$t/a2/CMakeFiles/kernels.dir/src/stats.cu.o" || fail "a2: no object"
if build "xlambda;launch;--fail-on-findings;--;ccache" a3 src/scale.cu.o; then
  fail "a3: --fail-on-findings did not fail the compile"
fi
grep -q "xlambda: not compiling '.*src/scale.cu': error-level findings" "$t/a3.log" ||
  fail "a3: no 'not compiling' line"
test ! -f "$t/a3/CMakeFiles/kernels.dir/src/scale.cu.o" || fail "a3: object made"

# ---- ccache in front of xlambda -----------------------------------------------
build "ccache;xlambda;launch;--" b1 src/stats.cu.o || fail "b1: build failed"
once b1
build "ccache;xlambda;launch;--" b2 src/stats.cu.o || fail "b2: build failed"
once b2 # checked again (ccache runs the chain as it is)
for d in b3 b4; do # a failed compile is not cached: it fails every time
  if build "ccache;xlambda;launch;--fail-on-findings;--" $d src/scale.cu.o; then
    fail "$d: --fail-on-findings did not fail the compile"
  fi
  grep -q "error-level findings (--fail-on-findings)" "$t/$d.log" ||
    fail "$d: no 'not compiling' line"
done

if [ "$fails" -ne 0 ]; then
  echo "launch-ccache: $fails failure(s); files kept in $t"
  exit 1
fi
rm -rf "$t"
echo "launch-ccache: all passed"
