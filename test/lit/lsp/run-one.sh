#!/bin/sh
# run-one.sh LIT BUILD TEST NEEDS...: run one lit test of this folder for
# ctest, after checking the programs it needs (absolute paths or names on
# PATH); a missing one skips it with a message (exit 77, ctest's
# SKIP_RETURN_CODE), never a silent pass.
lit=$1 build=$2 test=$3
shift 3
for need in "$@"; do
  if ! command -v "$need" >/dev/null 2>&1; then
    echo "skipped: '$need' is missing (sh scripts/install-deps.sh installs it)"
    exit 77
  fi
done
exec "$lit" -v --param xlambda_build="$build" "$(dirname "$0")/$test"
