#!/usr/bin/env bash
# The compiled-build test (tests/test_compiled.py) needs a C compiler for mypyc. Install gcc
# when there is none; run as root, as CI does.
set -euo pipefail
if command -v cc >/dev/null 2>&1; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends gcc libc6-dev >/dev/null
command -v cc >/dev/null
