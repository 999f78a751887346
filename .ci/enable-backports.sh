#!/bin/sh
# .ci/enable-backports.sh [APT_DIR [CODENAME]] - adds Debian's <codename>-backports suite
# (KiCad 9 lives there) to apt's sources, copied from the machine's own entry for
# <codename>: same mirror, same options, same key. No host name is written anywhere in
# the repository; the mirror comes from the machine. Both formats are read:
#   deb822 (APT_DIR/sources.list.d/*.sources)  -> APT_DIR/sources.list.d/<codename>-backports.sources
#   classic (APT_DIR/sources.list, *.list)     -> APT_DIR/sources.list.d/<codename>-backports.list
# Does nothing (exit 0) when the suite is already enabled; exit 1 with a message when
# no entry for <codename> is found. APT_DIR defaults to /etc/apt, CODENAME to the one in
# /etc/os-release; the arguments exist for the test (.ci/test_enable_backports.sh).
set -eu
apt_dir=${1:-/etc/apt}
codename=${2:-}
if [ -z "$codename" ]; then
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
fi
[ -n "$codename" ] || { echo "enable-backports: no VERSION_CODENAME in /etc/os-release" >&2; exit 1; }
suite="$codename-backports"

classic_files=""
[ -f "$apt_dir/sources.list" ] && classic_files="$apt_dir/sources.list"
deb822_files=""
for f in "$apt_dir"/sources.list.d/*.list; do [ -f "$f" ] && classic_files="$classic_files $f"; done
for f in "$apt_dir"/sources.list.d/*.sources; do [ -f "$f" ] && deb822_files="$deb822_files $f"; done

# Already there? (an active, non-comment line naming the suite)
# shellcheck disable=SC2086
if [ -n "$classic_files$deb822_files" ] &&
    grep -Eqs "^[^#]*[[:space:]]$suite([[:space:]]|\$)" $classic_files $deb822_files; then
    exit 0
fi

# deb822: copy every enabled "Types: deb" stanza whose Suites list the plain codename,
# with Suites replaced; other fields (URIs, Components, Signed-By, ...) kept as they are.
deb822_copy() {
    awk -v codename="$codename" -v suite="$suite" '
        function flush() {
            if (n && is_deb && has_suite && enabled) {
                if (out++) print ""
                for (i = 1; i <= n; i++) print lines[i]
            }
            n = 0; is_deb = 0; has_suite = 0; enabled = 1; field = ""
        }
        BEGIN { n = 0; enabled = 1 }
        /^[[:space:]]*#/ { next }
        /^[[:space:]]*$/ { flush(); next }
        /^[^[:space:]][^:]*:/ {
            field = tolower(substr($0, 1, index($0, ":") - 1))
            value = substr($0, index($0, ":") + 1)
            if (field == "types") { if (value ~ /(^|[[:space:]])deb([[:space:]]|$)/) is_deb = 1; value = " deb" }
            if (field == "enabled" && value ~ /no/) enabled = 0
            if (field == "suites") {
                if ((" " value " ") ~ ("[[:space:]]" codename "[[:space:]]")) has_suite = 1
                value = " " suite
            }
            lines[++n] = substr($0, 1, index($0, ":") - 1) ":" value
            next
        }
        { lines[++n] = $0 }  # continuation line (e.g. an inline Signed-By key)
        END { flush() }
    ' "$@"
}

# classic: "deb [opts] URI codename comps..." -> "deb [opts] URI codename-backports comps..."
classic_copy() {
    awk -v codename="$codename" -v suite="$suite" '
        /^[[:space:]]*deb[[:space:]]/ {
            line = $0; sub(/[[:space:]]*#.*/, "", line)
            opts = ""
            if (match(line, /\[[^]]*\]/)) { opts = substr(line, RSTART, RLENGTH) " "; line = substr(line, 1, RSTART - 1) substr(line, RSTART + RLENGTH) }
            k = split(line, f, /[[:space:]]+/)
            j = 0; for (i = 1; i <= k; i++) if (f[i] != "") g[++j] = f[i]
            if (j >= 4 && g[3] == codename && !seen[g[2]]++) {
                s = "deb " opts g[2] " " suite
                for (i = 4; i <= j; i++) s = s " " g[i]
                print s
            }
        }
    ' "$@"
}

mkdir -p "$apt_dir/sources.list.d"
header="# Added by the tic-tac-toe shield's .ci/enable-backports.sh (KiCad 9), copied from the $codename entry."
if [ -n "$deb822_files" ]; then
    # shellcheck disable=SC2086
    body=$(deb822_copy $deb822_files)
    if [ -n "$body" ]; then
        printf '%s\n%s\n' "$header" "$body" >"$apt_dir/sources.list.d/$suite.sources"
        exit 0
    fi
fi
if [ -n "$classic_files" ]; then
    # shellcheck disable=SC2086
    body=$(classic_copy $classic_files)
    if [ -n "$body" ]; then
        printf '%s\n%s\n' "$header" "$body" >"$apt_dir/sources.list.d/$suite.list"
        exit 0
    fi
fi
echo "enable-backports: no apt source for '$codename' found under $apt_dir; add $suite by hand" >&2
exit 1
