#!/bin/sh
# The pre-commit hooks of .pre-commit-hooks.yaml, run by Debian's pre-commit
# (`pre-commit try-repo`, which takes the hooks from this checkout, commit
# or working tree) in a throw-away git repository, with the xlambda of the
# build first on PATH:
#   xlambda      fails on a staged file with a finding, passes on a clean one
#   xlambda-fix  rewrites the file (pre-commit fails: "files were modified"),
#                after which the hook passes
#
#   precommit_test.sh BUILD_DIR SOURCE_DIR      (exit 77: no pre-commit)
set -u
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
command -v pre-commit >/dev/null || { echo "precommit: skipped: no pre-commit"; exit 77; }
command -v git >/dev/null || { echo "precommit: skipped: no git"; exit 77; }
work=$(mktemp -d /tmp/xl-precommit.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "precommit: FAILED: $*"; exit 1; }
export PATH="$build/bin:$PATH" PRE_COMMIT_HOME="$work/cache"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
repo=$work/repo
git init -q "$repo" && cd "$repo" || fail "git init"
cat > ok.cu <<'CU'
void ok() {
  int a = 1;
  auto l = [a] __device__ (int i) { return a + i; };
  (void)l;
}
CU
cat > bad.cu <<'CU'
void bad() {
  int a = 1;
  auto l = [&a] __device__ (int i) { return a + i; };
  (void)l;
}
CU
git add ok.cu bad.cu

pre-commit try-repo "$src" xlambda --files ok.cu >"$work/ok.log" 2>&1 ||
  { cat "$work/ok.log"; fail "the hook failed on a clean file"; }
if pre-commit try-repo "$src" xlambda --files bad.cu >"$work/bad.log" 2>&1; then
  cat "$work/bad.log"; fail "the hook passed a file with a finding"
fi
grep -q 'bad.cu:3:.*\[extended_lambda_reference_capture\]' "$work/bad.log" ||
  { cat "$work/bad.log"; fail "the finding is not in the hook's output"; }
echo "precommit: xlambda: passes ok.cu, fails bad.cu with its finding"

if pre-commit try-repo "$src" xlambda-fix --files bad.cu >"$work/fix.log" 2>&1; then
  cat "$work/fix.log"; fail "xlambda-fix passed although it changed the file"
fi
grep -q 'auto l = \[a\] __device__' bad.cu || { cat bad.cu; fail "bad.cu not fixed"; }
pre-commit try-repo "$src" xlambda --files bad.cu >"$work/after.log" 2>&1 ||
  { cat "$work/after.log"; fail "the hook still fails after the fix"; }
echo "precommit: xlambda-fix: fixed bad.cu, then the hook passes: passed"
