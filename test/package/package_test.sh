#!/bin/sh
# The Debian package, as a user gets it: build it with CPack, install it with
# apt-get, run the installed xlambda from PATH on the examples in a directory
# outside the checkout, load the installed plugin into clang, read the man
# page and the completions, then remove the package again.
#
#   package_test.sh BUILD_DIR SOURCE_DIR
#
# Exit 77 (ctest: skipped) when not root or without apt-get/dpkg.
set -u
build=$1 src=$2
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null ||
   ! command -v dpkg-deb >/dev/null; then
  echo "package: skipped: installing a .deb needs root and apt-get"
  exit 77
fi
if dpkg-query -W -f='${Status}' xlambda 2>/dev/null | grep -q 'ok installed'; then
  echo "package: skipped: a package 'xlambda' is already installed here"
  exit 77
fi
work=$(mktemp -d /tmp/xl-package.XXXXXX)
fail() { echo "package: FAILED: $*"; exit 1; }
cleanup() {
  apt-get remove -y -qq xlambda >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$build" && cpack -G DEB -B "$work/pkg" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/pkg/xlambda_*.deb) || fail "no .deb in $work/pkg"
echo "package: built $(basename "$deb")"
dpkg-deb -f "$deb" Depends | grep -q 'libclang1-22' || fail "Depends"
version=$(dpkg-deb -f "$deb" Version)
"$build/bin/xlambda" --version | grep -q "xlambda $version\$" ||
  fail "package version $version is not the project's"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >"$work/apt.log" 2>&1 ||
  { cat "$work/apt.log"; fail "apt-get install"; }

# From PATH, outside the checkout, on a copy of the examples.
cp -r "$src/examples" "$work/ex"
cd "$work/ex" || fail "cd"
[ "$(command -v xlambda)" = /usr/bin/xlambda ] || fail "xlambda not on PATH"
xlambda check -p . --quiet >"$work/check.out" 2>&1
rc=$?
[ $rc = 1 ] || { cat "$work/check.out"; fail "xlambda check exit $rc, expected 1"; }
grep -q 'particles.cu:.*\[extended_lambda_reference_capture\]' "$work/check.out" ||
  fail "no finding on the examples"
echo "package: xlambda check from PATH: $(grep -c ': error:' "$work/check.out") errors"

plugin=$(xlambda --plugin-path) || fail "--plugin-path"
case $plugin in /usr/lib/*) ;; *) fail "plugin path $plugin is not installed" ;; esac
/usr/lib/llvm-22/bin/clang++ -fplugin="$plugin" -x cuda --cuda-gpu-arch=sm_90 \
  -std=c++17 -fsyntax-only particles.cu >"$work/plugin.out" 2>&1
grep -q '\[extended_lambda_reference_capture\]' "$work/plugin.out" ||
  { cat "$work/plugin.out"; fail "the installed plugin reported nothing"; }
echo "package: installed plugin $plugin loaded into clang"

man -w xlambda >/dev/null 2>&1 || [ -f /usr/share/man/man1/xlambda.1.gz ] ||
  [ -f /usr/share/man/man1/xlambda.1 ] || fail "no man page"
[ -f /usr/share/bash-completion/completions/xlambda ] || fail "no bash completion"
[ -f /usr/share/zsh/vendor-completions/_xlambda ] || fail "no zsh completion"
ls /usr/share/doc/xlambda/rules/extended_lambda_reference_capture.md >/dev/null ||
  fail "no rule docs"
[ "$(readlink /usr/bin/xlambda-clangd)" = xlambda ] ||
  fail "no xlambda-clangd link to xlambda"

cd / && apt-get remove -y -qq xlambda >/dev/null 2>&1 || fail "apt-get remove"
[ ! -e /usr/bin/xlambda ] || fail "/usr/bin/xlambda left after remove"
[ ! -L /usr/bin/xlambda-clangd ] || fail "/usr/bin/xlambda-clangd left after remove"
echo "package: installed, used and removed: passed"
