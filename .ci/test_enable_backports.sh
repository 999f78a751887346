#!/bin/sh
# .ci/test_enable_backports.sh - .ci/enable-backports.sh (run by install-deps.sh to
# get KiCad 9) on scratch copies of apt's configuration: deb822 and classic formats, a
# suite already enabled, a disabled stanza, no usable entry, and a second run. Never
# touches /etc/apt. The mirrors here are file: URIs, so no host name is involved.
set -u
script="$(dirname "$0")/enable-backports.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test-kicad-backports: FAIL $1"; }

# 1. deb822: main + updates stanza, a security stanza, a third-party stanza.
d="$tmp/deb822"; mkdir -p "$d/sources.list.d"
cat >"$d/sources.list.d/debian.sources" <<'SRC'
Types: deb deb-src
# a comment inside the stanza
URIs: file:/srv/mirror/debian
Suites: bookworm bookworm-updates
Components: main contrib
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: file:/srv/mirror/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
cat >"$d/sources.list.d/other.sources" <<'SRC'
Types: deb
URIs: file:/srv/other
Suites: nodistro
Components: main
SRC
if sh "$script" "$d" bookworm && [ -f "$d/sources.list.d/bookworm-backports.sources" ]; then
    f="$d/sources.list.d/bookworm-backports.sources"
    if grep -qx 'Types: deb' "$f" && grep -qx 'URIs: file:/srv/mirror/debian' "$f" &&
        grep -qx 'Suites: bookworm-backports' "$f" && grep -qx 'Components: main contrib' "$f" &&
        grep -qx 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' "$f" &&
        [ "$(grep -c '^URIs:' "$f")" -eq 1 ]; then ok; else bad "deb822 copy wrong:"; cat "$f"; fi
else bad "deb822: no bookworm-backports.sources written"; fi

# 2. A second run changes nothing.
cp "$d/sources.list.d/bookworm-backports.sources" "$tmp/before"
if sh "$script" "$d" bookworm && cmp -s "$tmp/before" "$d/sources.list.d/bookworm-backports.sources" &&
    [ "$(ls "$d/sources.list.d" | wc -l)" -eq 3 ]; then ok; else bad "second run changed something"; fi

# 3. Classic sources.list, with options and a commented-out line.
c="$tmp/classic"; mkdir -p "$c"
cat >"$c/sources.list" <<'SRC'
# deb file:/old bookworm main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] file:/srv/mirror/debian bookworm main non-free-firmware
deb file:/srv/mirror/debian-security bookworm-security main
deb-src file:/srv/mirror/debian bookworm main
SRC
if sh "$script" "$c" bookworm &&
    [ "$(cat "$c/sources.list.d/bookworm-backports.list" | grep -v '^#')" = \
      "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] file:/srv/mirror/debian bookworm-backports main non-free-firmware" ]; then
    ok
else bad "classic copy wrong:"; cat "$c/sources.list.d/bookworm-backports.list" 2>/dev/null; fi

# 4. Already enabled (classic line in a .list file): nothing written.
e="$tmp/enabled"; mkdir -p "$e/sources.list.d"
echo "deb file:/srv/mirror/debian bookworm main" >"$e/sources.list"
echo "deb file:/srv/mirror/debian bookworm-backports main" >"$e/sources.list.d/bp.list"
if sh "$script" "$e" bookworm && [ "$(ls "$e/sources.list.d")" = "bp.list" ]; then ok
else bad "an enabled suite was added again"; fi

# 5. Only a disabled stanza and no classic file: a clear error, nothing written.
n="$tmp/none"; mkdir -p "$n/sources.list.d"
printf 'Types: deb\nURIs: file:/srv/mirror/debian\nSuites: bookworm\nComponents: main\nEnabled: no\n' \
    >"$n/sources.list.d/debian.sources"
if sh "$script" "$n" bookworm 2>"$tmp/err"; then bad "no usable source but exit 0"
elif grep -q "no apt source for 'bookworm'" "$tmp/err" && [ ! -e "$n/sources.list.d/bookworm-backports.sources" ]; then ok
else bad "no usable source: unclear error"; cat "$tmp/err"; fi

# 6. The repository names no mirror host: only the machine's sources do.
if grep -Eq '(https?|ftp)://' "$script"; then bad "enable-backports.sh contains a URL"; else ok; fi

echo "test-kicad-backports: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
