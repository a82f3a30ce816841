#!/usr/bin/env bash
# Makes sure the programs the tests run for real are installed: Debian's Chromium at
# /usr/bin/chromium (browser tests; no test downloads a browser of its own), git (publishing
# from the editor, and its tests' real repositories), PostgreSQL's server programs under
# /usr/lib/postgresql/<version>/bin (the store's tests start one in a temporary folder, see
# scripts/tooling/start-postgres.ts) and ssh-keygen (the follower's tests sign commits with SSH keys,
# as git does with gpg.format=ssh, and git checks those signatures with it). As root on Debian
# it installs what is missing from Debian's packages; anywhere else it says what to install and stops.
#   bash scripts/ensure-tools.sh                 all four (npm test runs this first)
#   bash scripts/ensure-tools.sh chromium        only those named
set -euo pipefail
updated=no

# need <name> <test that passes when it is there> <Debian packages> <what needs it>
need() {
  local name=$1 present=$2 packages=$3 purpose=$4
  if eval "$present"; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "$name is missing: installing Debian's $packages for $purpose…"
    export DEBIAN_FRONTEND=noninteractive
    if [ "$updated" = no ]; then apt-get update -qq; updated=yes; fi
    # shellcheck disable=SC2086 # the package list is split on purpose
    apt-get install -y -qq --no-install-recommends $packages >/dev/null
    return 0
  fi
  echo "$purpose needs $name. Install it (on Debian or Ubuntu: sudo apt-get install $packages) and run npm test again." >&2
  exit 1
}

for tool in "${@:-chromium git postgresql ssh-keygen}"; do
  for each in $tool; do
    case $each in
      chromium) need Chromium '[ -x /usr/bin/chromium ]' 'chromium fonts-dejavu-core' 'the browser tests' ;;
      git) need git 'command -v git >/dev/null 2>&1' git 'publishing from the editor, and its tests,' ;;
      postgresql) need PostgreSQL 'compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null' postgresql 'the store’s tests on PostgreSQL' ;;
      ssh-keygen) need ssh-keygen 'command -v ssh-keygen >/dev/null 2>&1' openssh-client 'checking signed commits (npm start -- --follow), and its tests,' ;;
      *) echo "Unknown tool: $each (chromium, git, postgresql or ssh-keygen)." >&2; exit 1 ;;
    esac
  done
done
