#!/usr/bin/env bash
# Installs what the browser, Redis and PostgreSQL tests need from Debian's packages when it is
# missing (Playwright's own browser download cannot work offline; see docs/testing.md). Debian keeps
# PostgreSQL's initdb and postgres in /usr/lib/postgresql/<version>/bin, where the tests look too.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing ${missing[*]}: install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian packages..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
