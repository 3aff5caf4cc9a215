#!/usr/bin/env bash
# The Debian packages the tests need, installed when missing (run as root, as CI does):
# Chromium at /usr/bin/chromium for the browser tests (Playwright drives it; it does not
# download a browser of its own), a C compiler for the compiled-build test (mypyc), and
# redis-server for the cluster tests (several server processes on one Redis).
set -euo pipefail
missing=()
if [ ! -x /usr/bin/chromium ]; then
    missing+=(chromium fonts-dejavu-core)
fi
if ! command -v cc >/dev/null 2>&1; then
    missing+=(gcc libc6-dev)
fi
if ! command -v redis-server >/dev/null 2>&1; then
    missing+=(redis-server)
fi
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
test -x /usr/bin/chromium
command -v cc >/dev/null
command -v redis-server >/dev/null
