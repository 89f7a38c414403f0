#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server
# listening on 127.0.0.1 only, and removes the server afterwards.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
port=${PG_TEST_PORT:-55432}
dir=$(mktemp -d /tmp/portal-pg-XXXXXX)
chmod 755 "$dir"

# PostgreSQL refuses to run as root: as root, the server runs as the postgres user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
