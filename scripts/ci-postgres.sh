#!/usr/bin/env bash
# PostgreSQL for the server's storage tests: installs Debian's postgresql if it is missing,
# starts a cluster listening on 127.0.0.1 only, creates a role and a database, and prints
#   export SOLOCARDS_TEST_PG_URL=postgresql+psycopg://solocards:solocards@127.0.0.1:PORT/solocards_test
# Use it as:   eval "$(scripts/ci-postgres.sh)"
# Everything it says besides that line goes to stderr. It needs root (or sudo) for apt-get and
# to act as the postgres user; it is safe to run again.
set -euo pipefail

PG_USER=${SOLOCARDS_PG_USER:-solocards}
PG_PASSWORD=${SOLOCARDS_PG_PASSWORD:-solocards}
PG_DB=${SOLOCARDS_PG_DB:-solocards_test}

say() { echo "ci-postgres: $*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { as_root su postgres -s /bin/sh -c "$*"; }

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    say "installing postgresql with apt-get"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

VERSION=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -q "^$VERSION main$"; then
    say "creating cluster $VERSION/main"
    as_root pg_createcluster "$VERSION" main >&2
fi
PORT=$(pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $3}')

# loopback only (Debian's postgresql.conf reads conf.d/)
CONF_D=/etc/postgresql/$VERSION/main/conf.d
as_root mkdir -p "$CONF_D"
echo "listen_addresses = '127.0.0.1'" | as_root tee "$CONF_D/solocards-loopback.conf" >/dev/null
STATUS=$(pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $4}')
if [ "$STATUS" != "online" ]; then
    say "starting cluster $VERSION/main on 127.0.0.1:$PORT"
    as_root pg_ctlcluster "$VERSION" main start >&2
fi

for _ in $(seq 1 50); do
    if as_postgres "pg_isready -q -h 127.0.0.1 -p $PORT"; then break; fi
    sleep 0.2
done

as_postgres "psql -q -p $PORT -v ON_ERROR_STOP=1 <<SQL >&2
DO \\\$\\\$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$PG_USER') THEN
    CREATE ROLE $PG_USER LOGIN PASSWORD '$PG_PASSWORD';
  ELSE
    ALTER ROLE $PG_USER LOGIN PASSWORD '$PG_PASSWORD';
  END IF;
END
\\\$\\\$;
SQL"
if ! as_postgres "psql -p $PORT -tAc \"SELECT 1 FROM pg_database WHERE datname = '$PG_DB'\"" | grep -q 1; then
    as_postgres "createdb -p $PORT -O $PG_USER $PG_DB" >&2
fi

URL="postgresql+psycopg://$PG_USER:$PG_PASSWORD@127.0.0.1:$PORT/$PG_DB"
say "ready: $URL"
echo "export SOLOCARDS_TEST_PG_URL=$URL"
