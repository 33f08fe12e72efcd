#!/bin/sh
# lsp-ab.sh BEFORE AFTER [lsp-latency.py arguments...]
#
# Two builds of xlambda (BEFORE and AFTER: each an xlambda executable or a
# wrapper script that runs one) timed by lsp-latency.py on the same files,
# alternated three times, so that a change of the machine's load reaches
# both alike. Each line: the build, the 1-minute load average, then
# lsp-latency.py's summary line.
set -e
if [ $# -lt 3 ]; then
  echo "usage: lsp-ab.sh BEFORE AFTER [lsp-latency.py arguments...] FILE..." >&2
  exit 2
fi
before=$1
after=$2
shift 2
here=$(dirname "$0")
for i in 1 2 3; do
  for b in "$before" "$after"; do
    printf '%s %s ' "$b" "$(cut -d' ' -f1 /proc/loadavg)"
    python3 "$here/lsp-latency.py" --xlambda "$b" --runs 15 "$@" 2>&1 | tail -1
  done
done
