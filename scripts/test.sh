#!/usr/bin/env bash
# npm test: every check of the project, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

steps_passed=0
step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local started=$SECONDS
  "$@"
  steps_passed=$((steps_passed + 1))
  echo "=== $name: ok ($((SECONDS - started)) s)"
}

trap 'echo; echo "checks: $steps_passed passed, 1 failed"' ERR

step "system packages" bash scripts/system-deps.sh
step "format (prettier)" npx prettier --check .
step "lint (eslint)" npx eslint .
step "layers and import cycles (dependency-cruiser)" npm run --silent lint:layers
step "type check (tsc)" npx tsc -p .
step "engine crate format (rustfmt)" bash engine-rs/check-format.sh
step "engine crate (cargo test)" bash -c 'cd engine-rs && RUSTC=/usr/bin/rustc /usr/bin/cargo test --quiet'
step "engine module matches its sources" bash engine-rs/check-wasm.sh
step "unit and API tests on PGlite (vitest)" npx vitest run
step "API tests on PostgreSQL (vitest)" bash scripts/with-postgres.sh npx vitest run tests/server --exclude "tests/server/import/**" --exclude tests/server/statements/parseJob.crash.test.ts
step "browser tests (playwright, chromium)" npx playwright test

echo
echo "checks: $steps_passed passed, 0 failed"
