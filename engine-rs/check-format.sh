#!/usr/bin/env bash
# Fails when a Rust file of engine-rs/ is not formatted as rustfmt.toml says,
# and lists those files. Uses Debian's rustfmt (package `rustfmt`), the one
# that ships with the /usr/bin/rustc the crate builds with, so the check gives
# the same answer on every machine; RUSTFMT=path overrides it.
#
#   bash engine-rs/check-format.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
rustfmt="${RUSTFMT:-/usr/bin/rustfmt}"

if [ ! -x "$rustfmt" ]; then
  echo "engine-rs/check-format.sh: $rustfmt is missing: install Debian's rustfmt (apt-get install rustfmt)." >&2
  exit 1
fi

mapfile -t files < <(find src tests -name '*.rs' | sort)
# rustfmt also checks the modules a file declares, so a file can be named twice.
if unformatted="$("$rustfmt" --check --files-with-diff "${files[@]}")"; then
  echo "engine-rs: ${#files[@]} Rust files formatted ($("$rustfmt" --version))"
  exit 0
fi
if [ -z "$unformatted" ]; then
  echo "engine-rs/check-format.sh: $rustfmt failed (see above)." >&2
  exit 1
fi
echo "engine-rs: these files are not formatted as engine-rs/rustfmt.toml says:" >&2
printf '%s\n' "$unformatted" | sed "s|^$here/||" | sort -u | sed 's/^/  engine-rs\//' >&2
echo "Format them with: (cd engine-rs && $rustfmt src/lib.rs tests/*.rs)" >&2
exit 1
