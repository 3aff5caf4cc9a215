#!/usr/bin/env bash
# The browser tests need Debian's Chromium at /usr/bin/chromium (Playwright drives it; it does
# not download a browser of its own). Install it when it is missing; run as root, as CI does.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
test -x /usr/bin/chromium
