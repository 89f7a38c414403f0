#!/usr/bin/env bash
# npm test: every check of the project, in the order a failure is cheapest to find. The static
# checks run in two lanes side by side (one per core); each lane's output is printed whole when it
# ends, so the lines of two checks never mix.
set -euo pipefail
cd "$(dirname "$0")/.."

suite_started=$SECONDS
steps_passed=0
timings=()
step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local started=$SECONDS
  "$@"
  steps_passed=$((steps_passed + 1))
  timings+=("$(printf '%5d s  %s' $((SECONDS - started)) "$name")")
  echo "=== $name: ok ($((SECONDS - started)) s)"
}

trap 'echo; echo "checks: $steps_passed passed, 1 failed"' ERR

# One lane: its steps in order, stopping at the first that fails; the output goes to $log and the
# time of each step to $log.times.
lane() {
  local log=$1
  shift
  : >"$log.times"
  while [ $# -gt 0 ]; do
    local name=$1 command=$2
    shift 2
    local started=$SECONDS
    echo "=== $name"
    if ! bash -c "$command"; then
      echo "=== $name: FAILED ($((SECONDS - started)) s)"
      return 1
    fi
    echo "=== $name: ok ($((SECONDS - started)) s)"
    printf '%5d s  %s\n' $((SECONDS - started)) "$name" >>"$log.times"
  done
}

static_checks() {
  local dir
  dir=$(mktemp -d)
  # Lane one: the JavaScript checks. Lane two: the layers, the types and the engine crate.
  lane "$dir/js" \
    "format (prettier)" "npx prettier --check ." \
    "lint (eslint)" "npx eslint ." >"$dir/js" 2>&1 &
  local js=$!
  lane "$dir/types" \
    "layers, import cycles and values typed twice" "npm run --silent lint:layers" \
    "type check (tsc)" "npx tsc -p ." \
    "engine crate format (rustfmt)" "bash engine-rs/check-format.sh" \
    "engine crate (cargo test)" "cd engine-rs && RUSTC=/usr/bin/rustc /usr/bin/cargo test --quiet" \
    "engine module matches its sources" "bash engine-rs/check-wasm.sh" >"$dir/types" 2>&1 &
  local types=$!
  local failed=0
  wait $js || failed=1
  wait $types || failed=1
  cat "$dir/js" "$dir/types"
  while IFS= read -r line; do timings+=("    $line"); done < <(cat "$dir/js.times" "$dir/types.times")
  rm -rf "$dir"
  return $failed
}

step "system packages" bash scripts/system-deps.sh
step "static checks, two lanes" static_checks
# Both projects: the pure code, then every server test file on a copy of one migrated PGlite.
step "unit and API tests on PGlite (vitest)" npx vitest run
# What can differ by database (files named *.db.test.ts: README, "Tests"), on a PostgreSQL server.
step "API tests on PostgreSQL (vitest)" bash scripts/with-postgres.sh npx vitest run --project server .db.test.ts
# Reads from a hot standby (README, "Reads from standbys"), on a primary and a streaming standby.
step "reads from a standby (vitest)" bash scripts/with-postgres-standby.sh npx vitest run --project server .standby.test.ts
step "browser tests (playwright, chromium)" npx playwright test

echo
echo "time per step:"
printf '%s\n' "${timings[@]}"
echo "whole suite: $((SECONDS - suite_started)) s"
echo
echo "checks: $steps_passed passed, 0 failed"
