#!/usr/bin/env bash
# fetch.sh downloads the web-platform-tests URL data that the repository
# carries in this folder, from ada-url/ada's tests/wpt directory.
#
# Usage:
#   testdata/wpt/fetch.sh          download the commit PIN names again and
#                                  check each file's sha256 against PIN
#   testdata/wpt/fetch.sh COMMIT   move the pin: download ada-url/ada COMMIT's
#                                  files and rewrite PIN's commit, object
#                                  counts and sha256 lines (then review the
#                                  diff, run the tests, commit data and PIN)
#
# A file whose checksum does not match PIN is not written and the script
# fails. Moving the pin needs python3 to count each file's objects.
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pin="$dir/PIN"
files=(urltestdata.json setters_tests.json toascii.json IdnaTestV2.json percent-encoding.json)

die() {
	echo "fetch.sh: $*" >&2
	exit 1
}

[[ -r "$pin" ]] || die "cannot read $pin"

sha256() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d ' ' -f 1
	else
		shasum -a 256 "$1" | cut -d ' ' -f 1
	fi
}

# The pinned ada-url/ada commit: PIN says "(ada-url/ada HEAD <40 hex digits>)".
pinned="$(grep -oE 'HEAD [0-9a-f]{40}' "$pin" | head -n 1 | cut -d ' ' -f 2 || true)"
[[ -n "$pinned" ]] || die "no 'HEAD <commit>' line in $pin"
commit="${1:-$pinned}"
[[ "$commit" =~ ^[0-9a-f]{40}$ ]] || die "COMMIT must be 40 hex digits, not $commit"
base="https://raw.githubusercontent.com/ada-url/ada/$commit/tests/wpt"

# The table rows of PIN: "<file>.json  <objects>  <sha256>".
declare -A want=()
while read -r file _ sum; do
	want["$file"]="$sum"
done < <(grep -E '^[A-Za-z0-9_.-]+\.json[[:space:]]+[0-9]+[[:space:]]+[0-9a-f]{64}[[:space:]]*$' "$pin")

tmpdir="$(mktemp -d)"
trap 'rm -rf "$tmpdir"' EXIT

for f in "${files[@]}"; do
	echo "fetching $f"
	curl -fsSL --retry 3 -o "$tmpdir/$f" "$base/$f" || die "download of $base/$f failed"
	got="$(sha256 "$tmpdir/$f")"
	if [[ "$commit" == "$pinned" && "$got" != "${want[$f]:-}" ]]; then
		die "sha256 mismatch for $f: got $got, PIN says ${want[$f]:-nothing}"
	fi
done

if [[ "$commit" != "$pinned" ]]; then
	# Rewrite PIN: the commit, and each file's row.
	sed -i.bak "s/$pinned/$commit/g" "$pin" && rm -f "$pin.bak"
	for f in "${files[@]}"; do
		objects="$(python3 -c 'import json,sys; print(sum(isinstance(e, dict) for e in (lambda d: d if isinstance(d, list) else [x for v in d.values() if isinstance(v, list) for x in v])(json.load(open(sys.argv[1])))))' "$tmpdir/$f")"
		row="$(printf '%-22s %7s  %s' "$f" "$objects" "$(sha256 "$tmpdir/$f")")"
		sed -i.bak "s|^$f[[:space:]].*\$|$row|" "$pin" && rm -f "$pin.bak"
	done
	echo "PIN now names ada-url/ada@$commit; update its prose (the wpt commit and date) by hand"
fi
for f in "${files[@]}"; do
	mv -f "$tmpdir/$f" "$dir/$f"
done
echo "fetched ${#files[@]} files at ada-url/ada@$commit into $dir"
