#!/bin/sh
# Install what is missing, build, and run xlambda on the bundled examples:
# examples/ (a hand-written compile_commands.json), then, when nvcc is
# installed, the CMake project examples/cmake (configure only, check, SARIF).
# xlambda exits 1 there: the examples contain violations on purpose.
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
sh scripts/build.sh
build=${XL_BUILD_DIR:-build}
set +e
"$build"/bin/xlambda check -p examples
rc=$?
set -e
echo "xlambda exited with $rc (1 = error-level findings, as expected here)"
[ "$rc" -eq 1 ]

nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
if [ ! -x "$nvcc" ] && ! command -v nvcc >/dev/null 2>&1; then
  echo "example: nvcc not found; skipping the CMake example (examples/cmake)"
  exit 0
fi
[ -x "$nvcc" ] || nvcc=$(command -v nvcc)
echo "example: configuring examples/cmake (CMake writes compile_commands.json)"
cmake -S examples/cmake -B "$build/example-cmake" -G Ninja \
  -DCMAKE_CUDA_COMPILER="$nvcc" >/dev/null
set +e
"$build"/bin/xlambda check -p "$build/example-cmake"
rc=$?
"$build"/bin/xlambda check -p "$build/example-cmake" --quiet --format=sarif \
  -o "$build/example-cmake/xlambda.sarif"
set -e
echo "xlambda exited with $rc on examples/cmake (1 expected); SARIF: $build/example-cmake/xlambda.sarif"
[ "$rc" -eq 1 ]
