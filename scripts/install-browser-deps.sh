#!/usr/bin/env bash
# Installs what the browser tests need: Debian's Chromium and chromedriver, Japanese fonts for
# screenshots, and Selenium + pytest from PyPI. Safe to re-run; installs only what is missing.
set -euo pipefail

if command -v apt-get >/dev/null 2>&1; then
  need=()
  for pkg in chromium chromium-driver fonts-noto-cjk python3-pip; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ "${#need[@]}" -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
  fi
fi
python3 -c "import selenium, pytest" 2>/dev/null ||
  python3 -m pip install --quiet "selenium==4.51.0" "pytest>=8" ||
  python3 -m pip install --quiet --break-system-packages "selenium==4.51.0" "pytest>=8"
