#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL primary and
# TEST_DATABASE_READ_URL at a hot standby streaming from it (made with pg_basebackup -R on the next
# port), both listening on 127.0.0.1 only, and removes both servers afterwards. For tests that stop
# and start the standby: TEST_STANDBY_DATA (its data folder), TEST_STANDBY_OPTIONS (what pg_ctl
# starts it with), TEST_PG_BIN (pg_ctl's folder) and TEST_PG_AS (the command prefix that runs them
# as the servers' owner, empty unless root).
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
port=${PG_TEST_PORT:-55432}
standby_port=$((port + 1))
dir=$(mktemp -d /tmp/portal-pg-pair-XXXXXX)
chmod 755 "$dir"

# PostgreSQL refuses to run as root: as root, the servers run as the postgres user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/standby" -m immediate stop >/dev/null 2>&1 || true
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/primary" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

# The same speed settings as scripts/with-postgres.sh; a standby needs a replica-level log, a
# sender for it, and a slot so the primary keeps the log the standby has not yet received.
"${as_owner[@]}" "$bin/initdb" -D "$dir/primary" -U postgres --auth=trust -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c wal_level=replica -c max_wal_senders=4 -c max_replication_slots=4" \
  start >/dev/null

"${as_owner[@]}" "$bin/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$dir/standby" \
  -R -X stream -C -S portal_test_standby >/dev/null
# Settings a test changes (recovery_min_apply_delay) are left to ALTER SYSTEM and a reload.
standby_options="-c listen_addresses=127.0.0.1 -p $standby_port -k $dir -c fsync=off -c hot_standby=on -c hot_standby_feedback=on"
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/standby" -l "$dir/standby.log" -w -o "$standby_options" \
  start >/dev/null

# Streaming once the primary lists the standby's sender as streaming.
for _ in $(seq 1 100); do
  state=$(psql -h 127.0.0.1 -p "$port" -U postgres -Atc "select state from pg_stat_replication" 2>/dev/null || true)
  [ "$state" = streaming ] && break
  sleep 0.1
done
if [ "$state" != streaming ]; then
  echo "the standby does not stream from the primary" >&2
  cat "$dir/standby.log" >&2
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_DATABASE_READ_URL="postgres://postgres@127.0.0.1:$standby_port/postgres"
export TEST_STANDBY_DATA="$dir/standby"
export TEST_STANDBY_OPTIONS=$standby_options
export TEST_PG_BIN=$bin
export TEST_PG_AS="${as_owner[*]}"
"$@"
