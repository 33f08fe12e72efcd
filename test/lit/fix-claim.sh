#!/bin/sh
# fix-claim.sh XLAMBDA NVCC MODE FILE RULE [FLAGS...]: a fix-it is a claim
# (issue 18). Applies `XLAMBDA check MODE` (--fix or --fix-notes) to FILE in
# place (give it a copy), then requires:
#   1. nvcc accepts the fixed file: the front end (-cuda) and a full -c,
#      with --extended-lambda and FLAGS (default -std=c++17);
#   2. xlambda reports nothing new on it (per rule no more findings than
#      the original had) and nothing of RULE;
#   3. a second run of MODE leaves it unchanged.
# Prints what failed and exits 1.
set -u
xl=$1 nvcc=$2 mode=$3 file=$4 rule=$5
shift 5
[ $# -eq 0 ] && set -- -std=c++17
tmp=${file}.claim
count() { # count FILE FLAGS...: the findings, as "rule count" lines
  cf=$1
  shift
  "$xl" check --quiet "$cf" -- "$@" 2>/dev/null | grep -E ': (error|warning): ' |
    sed 's/.*\[\([A-Za-z0-9_-]*\)\]$/\1/' | sort | uniq -c | awk '{print $2, $1}'
}
count_of() { c=$(echo "$1" | awk -v r="$2" '$1 == r {print $2}'); echo "${c:-0}"; }
before=$(count "$file" "$@")
"$xl" check --quiet "$mode" "$file" -- "$@" > /dev/null 2>&1
cp "$file" "$tmp.1"
fail=0
"$nvcc" --extended-lambda "$@" -cuda -x cu "$file" -o "$tmp.ii" > "$tmp.log" 2>&1 ||
  { echo "fix-claim: nvcc -cuda rejects the fixed $file:"; cat "$tmp.log"; fail=1; }
"$nvcc" --extended-lambda "$@" -c -x cu "$file" -o "$tmp.o" > "$tmp.log" 2>&1 ||
  { echo "fix-claim: nvcc -c rejects the fixed $file:"; cat "$tmp.log"; fail=1; }
after=$(count "$file" "$@")
for r in $(echo "$after" | awk '{print $1}'); do
  a=$(count_of "$after" "$r") b=$(count_of "$before" "$r")
  if [ "$r" = "$rule" ] || [ "$a" -gt "$b" ]; then
    echo "fix-claim: after the fix, $a finding(s) of $r (before: $b)"; fail=1
  fi
done
"$xl" check --quiet "$mode" "$file" -- "$@" > /dev/null 2>&1
cmp -s "$file" "$tmp.1" || { echo "fix-claim: a second $mode changed $file:"; diff "$tmp.1" "$file"; fail=1; }
rm -f "$tmp.1" "$tmp.ii" "$tmp.o" "$tmp.log"
exit $fail
