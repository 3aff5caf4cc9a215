#!/usr/bin/env bash
# Redis for the server's cluster tests: installs Debian's redis-server if it is missing, starts
# one listening on 127.0.0.1 only (no persistence, a folder of its own under /tmp), and prints
#   export SOLOCARDS_TEST_REDIS_URL=redis://127.0.0.1:PORT/0
# Use it as:   eval "$(scripts/ci-redis.sh)"
# Everything it says besides that line goes to stderr. It is safe to run again: a Redis already
# answering on the port is kept.
set -euo pipefail

PORT=${SOLOCARDS_REDIS_PORT:-6379}
DIR=${SOLOCARDS_REDIS_DIR:-/tmp/solocards-ci-redis}

say() { echo "ci-redis: $*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v redis-server >/dev/null 2>&1; then
    say "installing redis-server with apt-get"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >&2
fi

if redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; then
    say "a Redis already answers on 127.0.0.1:$PORT"
else
    mkdir -p "$DIR"
    say "starting redis-server on 127.0.0.1:$PORT"
    redis-server --bind 127.0.0.1 --port "$PORT" --save "" --appendonly no \
        --dir "$DIR" --daemonize yes --logfile "$DIR/redis.log" --pidfile "$DIR/redis.pid" >&2
    for _ in $(seq 1 50); do
        if redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; then break; fi
        sleep 0.1
    done
    redis-cli -h 127.0.0.1 -p "$PORT" ping | grep -q PONG
fi

URL="redis://127.0.0.1:$PORT/0"
say "ready: $URL"
echo "export SOLOCARDS_TEST_REDIS_URL=$URL"
