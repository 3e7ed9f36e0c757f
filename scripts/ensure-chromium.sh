#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser download is not possible
# here). Install it when missing and we are allowed to.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$bin" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at $bin: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH" >&2
  exit 1
fi
