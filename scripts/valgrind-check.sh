#!/bin/sh
# valgrind-check.sh XLAMBDA SUPP ARGS...: run xlambda under memcheck and fail
# on any memcheck error or definite/indirect leak (exit 99 from valgrind).
# xlambda's own exit code (0 or 1: findings) is not judged here.
set -u
xl=$1; supp=$2; shift 2
valgrind --quiet --error-exitcode=99 --leak-check=full \
  --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
  --suppressions="$supp" "$xl" "$@" > /dev/null
rc=$?
if [ "$rc" -eq 99 ]; then
  echo "valgrind-check: memcheck found errors (see above)"
  exit 1
fi
if [ "$rc" -gt 2 ]; then
  echo "valgrind-check: xlambda exited $rc"
  exit 1
fi
echo "valgrind-check: clean (xlambda exited $rc)"
echo "1 passed, 0 failed"
