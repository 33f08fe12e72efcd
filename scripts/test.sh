#!/bin/sh
# Install what is missing, build, and run every test through ctest (the lit
# suite, the check unit tests and the nvcc oracle suite).
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
sh scripts/build.sh
jobs=$(nproc 2>/dev/null || echo 2)
cd "${XL_BUILD_DIR:-build}"
ctest --output-on-failure -j "$jobs"
