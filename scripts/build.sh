#!/bin/sh
# Configure and build xlambda in ./build (or $XL_BUILD_DIR) with CMake and
# Ninja. Extra arguments go to the CMake configure step; $XL_BUILD_TARGET
# builds only that target (scripts/test.sh's valgrind stage: xlambda).
set -eu
cd "$(dirname "$0")/.."
build=${XL_BUILD_DIR:-build}
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${XL_BUILD_TYPE:-RelWithDebInfo}" "$@" >/dev/null
cmake --build "$build" -j "$jobs" ${XL_BUILD_TARGET:+--target "$XL_BUILD_TARGET"}
