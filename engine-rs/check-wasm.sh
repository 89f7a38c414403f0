#!/usr/bin/env bash
# Rebuilds the WebAssembly module in a temporary copy of engine-rs/ and
# fails when it differs from the committed engine/engine.wasm.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
committed="$here/../engine/engine.wasm"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/engine-rs"
cp -r "$here/Cargo.toml" "$here/src" "$here/build.sh" "$tmp/engine-rs/"
[ -f "$here/Cargo.lock" ] && cp "$here/Cargo.lock" "$tmp/engine-rs/"
if ! bash "$tmp/engine-rs/build.sh" "$tmp/engine.wasm" >"$tmp/build.log" 2>&1; then
  cat "$tmp/build.log" >&2
  echo "engine-rs/ does not build; engine/engine.wasm cannot be checked." >&2
  exit 1
fi

if [ ! -f "$committed" ]; then
  echo "engine/engine.wasm is missing: run 'npm run build:engine' and commit it." >&2
  exit 1
fi
want="$(sha256sum "$tmp/engine.wasm" | cut -d' ' -f1)"
have="$(sha256sum "$committed" | cut -d' ' -f1)"
if [ "$want" != "$have" ]; then
  echo "engine/engine.wasm is stale: a fresh build of engine-rs/ gives sha256 $want," >&2
  echo "the committed file has $have. Run 'npm run build:engine' and commit engine/engine.wasm." >&2
  exit 1
fi
echo "engine/engine.wasm matches a fresh build (sha256 $have)"
