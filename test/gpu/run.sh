#!/bin/sh
# test/gpu/run.sh: compile and run the GPU reproducers of the rules for what
# nvcc misses, each next to its version rewritten as xlambda's note or fix-it
# says (<name>_fixed.cu). Needs nvcc and a GPU; see README.md.
#
#   sh test/gpu/run.sh            # all programs
#   sh test/gpu/run.sh arch_count # some of them
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# ARCH (default sm_90: H100/H200), OUT (binaries, logs and results.txt;
# default: a new temporary directory).
#
# Prints one line per program: PASS (exit status 0: the program computed what
# it should) or FAIL, with the program's own output (the measured values),
# then compute-sanitizer's summary for the programs that touch memory. An
# original reproducer is expected to FAIL (that is the bug nvcc lets through)
# and its _fixed twin to PASS. Exit status: 1 when a _fixed program fails or
# does not compile, else 0.

set -u
here=$(cd "$(dirname "$0")" && pwd)
cuda_bin=/usr/local/cuda/bin
nvcc=${NVCC:-$(command -v nvcc || echo "$cuda_bin/nvcc")}
sanitizer=$(command -v compute-sanitizer || echo "$cuda_bin/compute-sanitizer")
arch=${ARCH:-sm_90}
out=${OUT:-$(mktemp -d /tmp/xlambda-gpu.XXXXXX)}
mkdir -p "$out"
results="$out/results.txt"

programs="this_capture this_explicit arch_capture arch_count arch_count_host arch_host_only
arch_capture_count host_return_type adl_hazard star_this byref_copy
this_capture_ref this_kokkos hd_nested arch_capture_thrust"
sanitized="this_capture this_explicit star_this host_return_type this_capture_ref this_kokkos"
[ $# -gt 0 ] && programs="$*"

: > "$results"
say() { echo "$*" | tee -a "$results"; }

say "nvcc: $("$nvcc" --version | tail -1)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
say "flags: --extended-lambda -std=c++17 -arch=$arch"

bad=0
run_one() { # $1 program, $2 what is expected
  p=$1
  if ! "$nvcc" --extended-lambda -std=c++17 -arch="$arch" -o "$out/$p" \
       "$here/$p.cu" > "$out/$p.compile.log" 2>&1; then
    say "FAIL $p: does not compile ($2): $(grep -m1 error "$out/$p.compile.log")"
    return 1
  fi
  timeout 120 "$out/$p" > "$out/$p.run.log" 2>&1
  rc=$?
  status=FAIL
  [ "$rc" -eq 0 ] && status=PASS
  say "$status $p (exit $rc; $2): $(tr '\n' ' ' < "$out/$p.run.log")"
  case " $(echo $sanitized) " in
  *" ${p%_fixed} "*)
    timeout 300 "$sanitizer" --print-limit 1 "$out/$p" > "$out/$p.sanitizer.log" 2>&1
    say "     compute-sanitizer: $(grep -m1 -E 'Invalid|Error' "$out/$p.sanitizer.log" | sed 's/^=* *//') $(grep -m1 'ERROR SUMMARY' "$out/$p.sanitizer.log" | sed 's/^=* *//')"
    ;;
  esac
  [ "$status" = PASS ]
}

for p in $programs; do
  run_one "$p" "the bug: FAIL expected"
  run_one "${p}_fixed" "rewritten as xlambda says: PASS expected" || bad=$((bad + 1))
done
say "fixed programs that failed: $bad"
say "logs and binaries: $out"
[ "$bad" -eq 0 ]
