#!/usr/bin/env bash
# fetch.sh downloads the web-platform-tests URL data pinned in PIN (beside
# this script) from ada-url/ada's tests/wpt directory at the pinned commit,
# into this script's directory, and checks each file's sha256 against PIN.
# A file whose checksum does not match is removed and the script fails.
#
# Usage: testdata/wpt/fetch.sh
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pin="$dir/PIN"

die() {
	echo "fetch.sh: $*" >&2
	exit 1
}

[[ -r "$pin" ]] || die "cannot read $pin"

# The pinned ada-url/ada commit: PIN says "(ada-url/ada HEAD <40 hex digits>)".
commit="$(grep -oE 'HEAD [0-9a-f]{40}' "$pin" | head -n 1 | cut -d ' ' -f 2 || true)"
[[ -n "$commit" ]] || die "no 'HEAD <commit>' line in $pin"
base="https://raw.githubusercontent.com/ada-url/ada/$commit/tests/wpt"

# The table rows of PIN: "<file>.json  <objects>  <sha256>".
declare -A want=()
while read -r file _ sum; do
	want["$file"]="$sum"
done < <(grep -E '^[A-Za-z0-9_.-]+\.json[[:space:]]+[0-9]+[[:space:]]+[0-9a-f]{64}[[:space:]]*$' "$pin")

files=(urltestdata.json setters_tests.json toascii.json IdnaTestV2.json percent-encoding.json)
for f in "${files[@]}"; do
	[[ -n "${want[$f]:-}" ]] || die "$pin has no sha256 for $f"
done

sha256() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d ' ' -f 1
	else
		shasum -a 256 "$1" | cut -d ' ' -f 1
	fi
}

# Leave no partial download behind, however the script ends.
trap 'rm -f "$dir"/*.json.part' EXIT

for f in "${files[@]}"; do
	dest="$dir/$f"
	tmp="$dest.part"
	echo "fetching $f"
	if ! curl -fsSL --retry 3 -o "$tmp" "$base/$f"; then
		rm -f "$tmp"
		die "download of $base/$f failed"
	fi
	got="$(sha256 "$tmp")"
	if [[ "$got" != "${want[$f]}" ]]; then
		rm -f "$tmp" "$dest"
		die "sha256 mismatch for $f: got $got, want ${want[$f]} (file removed)"
	fi
	mv -f "$tmp" "$dest"
done

echo "fetched ${#files[@]} files at ada-url/ada@$commit into $dir"
