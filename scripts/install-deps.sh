#!/bin/sh
# Install the system packages xlambda needs to build and test (Debian 12).
# Idempotent: installs only what is missing. Run as root or with sudo.
set -eu
PKGS="clang-22 libclang-22-dev libclang-cpp22-dev llvm-22 llvm-22-dev llvm-22-tools \
clang-tools-22 clangd-22 libclang-rt-22-dev check libsubunit-dev libjansson-dev libyaml-dev \
cmake ninja-build pkg-config python3 python3-jsonschema neovim valgrind \
groff-base bsdextrautils pre-commit git libcurl4-openssl-dev nginx ccache"
# What each package provides: libclang (frontend), clang (plugin tests), llvm
# tools (lit, FileCheck; llvm-22: llvm-bcanalyzer, which reads a PCH's
# records), clang-tools (clang-apply-replacements), check (unit tests),
# jansson (JSON), libyaml (config, export-fixes), python3-jsonschema
# (SARIF schema validation), neovim (LSP client test), valgrind (leak checks),
# groff-base and bsdextrautils (the man page test: groff, col), pre-commit
# and git (the pre-commit hooks' test), libcurl (--cache-url), nginx (the
# remote cache's test server) and ccache (the launcher test).
missing=""
for p in $PKGS; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing="$missing $p"
  fi
done
if [ -z "$missing" ]; then
  echo "install-deps: all packages present"
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
echo "install-deps: installing:$missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "install-deps: done"
