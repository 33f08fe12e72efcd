#!/bin/sh
# Variants of arch_count.cu: the enclosing function __host__ __device__ (hd)
# or __host__ (h); lam1 only in the device compilation (1), in both (2), only
# in the host compilation (3) or absent (0); the launch under
# "#if !defined(__CUDA_ARCH__)" (guard=1) or not. Needs nvcc and a GPU.
# variants: name QUAL V_LAM1 GUARD_LAUNCH
cd "$(dirname "$0")"
N=/usr/local/cuda/bin/nvcc
while read name qual lam guard; do
  case $qual in hd) q="__host__ __device__";; *) q=__host__;; esac
  $N --extended-lambda -std=c++17 -arch=sm_90 "-DQUAL=$q" -DV_LAM1=$lam -DGUARD_LAUNCH=$guard -o /tmp/$name arch_launch.cu > /tmp/$name.log 2>&1 || { echo "$name: compile failed: $(head -3 /tmp/$name.log)"; continue; }
  echo "  kernels: $(/usr/local/cuda/bin/cuobjdump -symbols /tmp/$name 2>/dev/null | grep -o "_Z6kernel[A-Za-z0-9_]*" | sort -u | tr "\n" " ")"
  echo "$name (QUAL=$qual lam1=$lam guard=$guard): $(/tmp/$name)"
done <<LIST
hd_devonly_guarded hd 1 1
hd_both_guarded hd 2 1
hd_none_guarded hd 0 1
h_devonly h 1 0
h_both h 2 0
h_hostonly h 3 0
h_none h 0 0
LIST
