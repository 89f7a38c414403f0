#!/usr/bin/env bash
# Installs what `npm test` needs from Debian and a fresh machine lacks: Chromium for the
# browser tests, a PostgreSQL server for the second API run, Rust's wasm32 standard library and
# formatter for the engine, and the fonts of payee statement PDFs. Without root it prints the exact command instead.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/bin/cargo ] || missing+=(cargo)
[ -x /usr/bin/rustc ] || missing+=(rustc)
[ -x /usr/bin/rustfmt ] || missing+=(rustfmt)
ls /usr/lib/rustlib/wasm32-unknown-unknown >/dev/null 2>&1 || missing+=(libstd-rust-dev-wasm32)
# Payee statement PDFs print Chinese and Japanese with Noto Sans CJK, Latin and Cyrillic with DejaVu.
[ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "npm test needs these Debian packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
