#!/bin/sh
# valgrind-check.sh [--VALGRIND-OPTION...] XLAMBDA SUPP ARGS...: run xlambda
# under memcheck (leading --options go to valgrind) and fail
# on any memcheck error or definite/indirect leak, in xlambda or in any of
# its worker processes (valgrind follows fork; each process writes its own
# log, and with --quiet a log has text only when something was found).
# xlambda must exit 0 or 1 (findings); 2 means a file could not be checked
# (a worker crashed, or was stopped by memcheck's --error-exitcode), which
# fails the check too.
set -u
vgopts=""
while [ $# -gt 0 ]; do
  case $1 in
    --*) vgopts="$vgopts $1"; shift ;;
    *) break ;;
  esac
done
xl=$1; supp=$2; shift 2
logs=$(mktemp -d /tmp/xl-valgrind-XXXXXX)
trap 'rm -rf "$logs"' EXIT
valgrind --quiet --error-exitcode=99 --leak-check=full \
  --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
  --suppressions="$supp" $vgopts --log-file="$logs/memcheck.%p" "$xl" "$@" > /dev/null
rc=$?
procs=$(ls "$logs" | wc -l)
bad=0
for f in "$logs"/memcheck.*; do
  if [ -s "$f" ]; then
    echo "valgrind-check: memcheck found errors in process ${f##*.}:"
    cat "$f"
    bad=1
  fi
done
if [ "$bad" -ne 0 ] || [ "$rc" -eq 99 ]; then
  echo "valgrind-check: memcheck found errors (see above)"
  echo "0 passed, 1 failed"
  exit 1
fi
if [ "$rc" -gt 1 ]; then
  echo "valgrind-check: xlambda exited $rc"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "valgrind-check: clean in $procs processes (xlambda exited $rc)"
echo "1 passed, 0 failed"
