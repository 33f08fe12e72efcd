#!/bin/sh
# expect-exit.sh CODE COMMAND...: run COMMAND and succeed only when it exits
# with CODE (lit's `not` cannot tell 1 from 2).
want=$1
shift
"$@"
got=$?
if [ "$got" -ne "$want" ]; then
  echo "expect-exit: '$*' exited $got, expected $want" >&2
  exit 1
fi
exit 0
