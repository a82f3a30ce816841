#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests. As root on
# Debian it installs the `chromium` package; anywhere else it says what to do and stops.
# (The tests never download a browser of their own.)
set -euo pipefail
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM. Install it (on Debian or Ubuntu: sudo apt-get install chromium) and run npm test again." >&2
exit 1
