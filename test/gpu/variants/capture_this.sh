#!/bin/sh
# Issue 19's GPU variants (see ../README.md). Needs nvcc and a GPU.
#   this_explicit.cu -DMANAGED: '[this]' with the object in managed memory
#     (the case the note of this_addr_capture_ext_lambda allows): PASS expected;
#   star_this_std.cu with -std=c++14 and -std=c++17: '[=, *this]' in a
#     __host__ __device__ lambda; the same result (PASS) expected in both.
cd "$(dirname "$0")"
N=${NVCC:-/usr/local/cuda/bin/nvcc}
A=${ARCH:-sm_90}
O=${OUT:-/tmp}
one() { # name flags... -- file
  name=$1; shift
  if ! $N --extended-lambda -arch=$A "$@" -o "$O/$name" > "$O/$name.log" 2>&1; then
    echo "FAIL $name: does not compile: $(grep -m1 error "$O/$name.log")"; return
  fi
  w=$(grep -c warning "$O/$name.log")
  out=$("$O/$name" 2>&1); rc=$?
  s=FAIL; [ $rc -eq 0 ] && s=PASS
  echo "$s $name (exit $rc, $w compile warning(s)): $out"
}
one this_explicit_managed -std=c++17 -DMANAGED ../this_explicit.cu
one star_this_cxx14 -std=c++14 star_this_std.cu
one star_this_cxx17 -std=c++17 star_this_std.cu
