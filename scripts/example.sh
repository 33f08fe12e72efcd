#!/bin/sh
# Install what is missing, build, and run xlambda on the bundled examples.
# xlambda exits 1 there: the examples contain violations on purpose.
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
sh scripts/build.sh
set +e
build/bin/xlambda check -p examples
rc=$?
set -e
echo "xlambda exited with $rc (1 = error-level findings, as expected here)"
[ "$rc" -eq 1 ]
