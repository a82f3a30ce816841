#!/usr/bin/env bash
# Makes sure the git program is on the PATH: publishing from the editor runs it, and its tests
# make real repositories with it. As root on Debian it installs the `git` package; anywhere else
# it says what to do and stops.
set -euo pipefail
if command -v git >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "git is missing: installing Debian's git package for publishing and its tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends git >/dev/null
  exit 0
fi
echo "Publishing from the editor, and its tests, need git. Install it (on Debian or Ubuntu: sudo apt-get install git) and run npm test again." >&2
exit 1
