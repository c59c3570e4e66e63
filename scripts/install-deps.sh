#!/usr/bin/env bash
# Installs the system packages notes-site needs (Debian/Ubuntu: apt; macOS: Homebrew).
# Safe to re-run; installs only what is missing.
set -euo pipefail

if command -v apt-get >/dev/null 2>&1; then
  need=()
  for pkg in libcmark-dev libyaml-dev libjemalloc-dev pkg-config git make; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ "${#need[@]}" -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
  fi
elif command -v brew >/dev/null 2>&1; then
  brew list cmark >/dev/null 2>&1 || brew install cmark
  brew list libyaml >/dev/null 2>&1 || brew install libyaml
  brew list jemalloc >/dev/null 2>&1 || brew install jemalloc
  brew list pkg-config >/dev/null 2>&1 || brew install pkg-config
else
  echo "install libcmark, libyaml, jemalloc and pkg-config with your package manager" >&2
  exit 1
fi
