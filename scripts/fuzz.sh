#!/bin/sh
# fuzz.sh TARGET CORPUS SECONDS: run one libFuzzer target for SECONDS on a
# scratch copy of CORPUS (the committed corpus is only read; run with
# XL_FUZZ_MERGE=1 to merge new inputs back into it). Prints the figures and a
# closing 'N passed, N failed' line.
set -u
target=$1; corpus=$2; seconds=$3
work=$(mktemp -d /tmp/xl-fuzz-XXXXXX)
trap 'rm -rf "$work"' EXIT
cp -r "$corpus"/. "$work"/ 2>/dev/null || true
"$target" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
  -rss_limit_mb=2048 -artifact_prefix="$work/" "$work" > "$work/log" 2>&1
rc=$?
grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs' "$work/log"
if [ "$rc" -ne 0 ]; then
  tail -40 "$work/log"
  for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
    [ -e "$a" ] && { echo "artifact: $a"; od -c "$a" | head -5; }
  done
  echo "0 passed, 1 failed"
  exit 1
fi
if [ "${XL_FUZZ_MERGE:-0}" = 1 ]; then
  "$target" -merge=1 "$corpus" "$work" > /dev/null 2>&1
fi
echo "1 passed, 0 failed"
