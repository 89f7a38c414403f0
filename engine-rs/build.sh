#!/usr/bin/env bash
# Builds the release WebAssembly module reproducibly and copies it to
# ../engine/engine.wasm. The checkout path and $HOME are remapped so the
# bytes do not depend on where the repository lives.
#
#   bash engine-rs/build.sh [output-path]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../engine/engine.wasm}"
cd "$here"

export RUSTC=/usr/bin/rustc
export CARGO_TARGET_DIR="$here/target"
export SOURCE_DATE_EPOCH=0
home="${HOME:-/nonexistent}"
# When several prefixes match, rustc applies the last one: most specific last.
export RUSTFLAGS="--remap-path-prefix=$home=/home --remap-path-prefix=${CARGO_HOME:-$home/.cargo}=/cargo --remap-path-prefix=$here=/engine-rs -C debuginfo=0"
unset CARGO_BUILD_RUSTFLAGS CARGO_ENCODED_RUSTFLAGS || true

/usr/bin/cargo build --release --locked --offline --target wasm32-unknown-unknown --lib

mkdir -p "$(dirname "$out")"
cp "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/royalty_engine.wasm" "$out"
echo "wrote $out ($(wc -c <"$out") bytes, sha256 $(sha256sum "$out" | cut -d' ' -f1))"
