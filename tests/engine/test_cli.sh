#!/bin/sh
# tests/engine/test_cli.sh - the judge CLI, byte-exact on the judges' samples, and every
# kind of bad input: exit status 2, one line on stderr naming the line, nothing on stdout
# for the bad case, no hang on truncated input. Usage: test_cli.sh path/to/ttt
set -u
TTT=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect NAME MODE INPUT EXPECTED-STDOUT EXPECTED-STATUS [STDERR-PATTERN]
expect() {
    name=$1 mode=$2 input=$3 want_out=$4 want_status=$5 want_err=${6:-}
    printf '%b' "$input" >"$tmp/in"
    printf '%b' "$want_out" >"$tmp/want"
    timeout 10 "$TTT" "$mode" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if ! cmp -s "$tmp/out" "$tmp/want"; then
        bad "$name: stdout differs: got '$(od -c "$tmp/out" | head -3)'"
    elif [ "$status" -ne "$want_status" ]; then
        bad "$name: status $status, want $want_status"
    elif [ -n "$want_err" ] && ! grep -q "$want_err" "$tmp/err"; then
        bad "$name: stderr '$(cat "$tmp/err")' lacks '$want_err'"
    elif [ "$want_status" -ne 0 ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        bad "$name: want exactly one stderr line, got: $(cat "$tmp/err")"
    elif [ "$want_status" -eq 0 ] && [ -s "$tmp/err" ]; then
        bad "$name: unexpected stderr: $(cat "$tmp/err")"
    else
        ok
    fi
}

# Baekjoon 16571 samples, byte-exact.
expect "boj sample 1" boj16571 '1 2 0\n1 1 2\n0 0 2\n' 'W\n' 0
expect "boj sample 2" boj16571 '1 2 0\n0 1 0\n0 0 0\n' 'L\n' 0
expect "boj empty board" boj16571 '0 0 0\n0 0 0\n0 0 0\n' 'D\n' 0
expect "boj CRLF" boj16571 '1 2 0\r\n0 1 0\r\n0 0 0\r\n' 'L\n' 0
expect "boj no final newline" boj16571 '1 2 0\n1 1 2\n0 0 2' 'W\n' 0
expect "boj bad char" boj16571 '1 2 0\n1 x 2\n0 0 2\n' '' 2 'line 2:'
expect "boj digit 3" boj16571 '1 2 0\n1 1 2\n0 0 3\n' '' 2 'line 3:'
expect "boj short line" boj16571 '1 2 0\n1 1\n0 0 2\n' '' 2 'line 2: short'
expect "boj long line" boj16571 '1 2 0 0\n1 1 2\n0 0 2\n' '' 2 'line 1: long'
expect "boj no spaces" boj16571 '120\n112\n002\n' '' 2 'line 1:'
expect "boj truncated" boj16571 '1 2 0\n1 1 2\n' '' 2 'line 3: unexpected end'
expect "boj empty input" boj16571 '' '' 2 'line 1: unexpected end'
expect "boj finished board" boj16571 '1 1 1\n2 2 0\n0 0 0\n' '' 2 'already over'
expect "boj full board" boj16571 '1 2 1\n1 2 2\n2 1 1\n' '' 2 'already over'
expect "boj counts" boj16571 '1 1 0\n0 0 0\n0 0 0\n' '' 2 'illegal board'
expect "boj O first" boj16571 '2 0 0\n0 0 0\n0 0 0\n' '' 2 'illegal board'
expect "boj both lines" boj16571 '1 1 1\n2 2 2\n0 0 0\n' '' 2 'both players'
expect "boj line not last" boj16571 '1 1 1\n2 2 0\n2 0 0\n' '' 2 'did not move last'
expect "boj trailing garbage" boj16571 '1 2 0\n0 1 0\n0 0 0\nextra\n' '' 2 'line 4:'
expect "boj overlong line" boj16571 "$(head -c 5000 /dev/zero | tr '\0' '1')\n" '' 2 'line 1:'

# Algospot TICTACTOE sample, byte-exact.
expect "algospot sample" algospot '3\n...\n...\n...\nxx.\noo.\n...\nxox\noo.\nx.x\n' 'TIE\nx\no\n' 0
expect "algospot finished" algospot '3\nxxx\noo.\n...\nxox\nxoo\noxx\nooo\nxx.\nx..\n' 'x\nTIE\no\n' 0
expect "algospot zero cases" algospot '0\n' '' 0
expect "algospot count word" algospot 'three\n' '' 2 'line 1: expected the number'
expect "algospot negative" algospot '-1\n' '' 2 'line 1:'
expect "algospot empty" algospot '' '' 2 'line 1:'
expect "algospot too few boards" algospot '2\n...\n...\n...\n' 'TIE\n' 2 'line 5: unexpected end'
expect "algospot too many boards" algospot '1\n...\n...\n...\nxx.\noo.\n...\n' 'TIE\n' 2 'line 5:'
expect "algospot bad char" algospot '1\nxX.\n...\n...\n' '' 2 'line 2:'
expect "algospot short" algospot '1\nx.\n...\n...\n' '' 2 'line 2: short'
expect "algospot illegal keeps others" algospot '2\nxxx\nooo\n...\nxx.\noo.\n...\n' 'x\n' 2 'line 4: illegal'

# ttt move: table and solver agree on a few boards; bad boards rejected.
for board in ......... x........ ....x.... x...o.... xo./.x./... xx./oo./...; do
    a=$("$TTT" move "$board") && b=$("$TTT" move --solver "$board") && [ "$a" = "$b" ] && ok ||
        bad "move $board: table '$a' solver '$b'"
done
[ "$("$TTT" move xx./oo./...)" = 2 ] && ok || bad "move xx./oo./... should win at 2"
for board in xxx......... oo.x..... x.o ......?.. xo/.x.o... xxx/ooo/... xxx/oo./... ""; do
    out=$("$TTT" move "$board" 2>"$tmp/err")
    status=$?
    [ "$status" -eq 2 ] && [ -z "$out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok ||
        bad "move $board: status $status out '$out'"
done
"$TTT" bogus </dev/null >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "unknown mode should exit 2"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
