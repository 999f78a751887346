#!/bin/sh
# tests/tools/test_cli.sh - the judge CLI (firmware/tools/ttt_cli.c, judge.c): byte-exact
# on the judges' samples; the same answers for every layout a whitespace-insensitive
# reader (scanf, cin >>) accepts; every kind of bad input gives exit status 2, one line
# on stderr naming the line, nothing on stdout for the bad case; extra input is a
# warning; a failed write exits 1; echoed text is printable and cut; no hang on any
# input (each run under `timeout`). Usage: test_cli.sh path/to/ttt
set -u
TTT=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# stderr must be printable ASCII lines of at most 160 characters.
err_is_clean() {
    ! LC_ALL=C grep -q '[^[:print:]]' "$tmp/err" && [ "$(awk 'length > 160' "$tmp/err")" = "" ]
}

# expect NAME MODE INPUT EXPECTED-STDOUT EXPECTED-STATUS [STDERR-PATTERN]
# INPUT and EXPECTED-STDOUT are printf %b strings. Status 2: exactly one stderr line.
# Status 0: stderr empty unless a pattern is given (a warning).
expect() {
    name=$1 mode=$2 input=$3 want_out=$4 want_status=$5 want_err=${6:-}
    printf '%b' "$input" >"$tmp/in"
    printf '%b' "$want_out" >"$tmp/want"
    timeout 10 "$TTT" "$mode" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if ! cmp -s "$tmp/out" "$tmp/want"; then
        bad "$name: stdout differs: got '$(od -c "$tmp/out" | head -3)'"
    elif [ "$status" -ne "$want_status" ]; then
        bad "$name: status $status, want $want_status ($(cat "$tmp/err"))"
    elif [ -n "$want_err" ] && ! grep -q -- "$want_err" "$tmp/err"; then
        bad "$name: stderr '$(cat "$tmp/err")' lacks '$want_err'"
    elif [ "$want_status" -ne 0 ] && [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        bad "$name: want exactly one stderr line, got: $(cat "$tmp/err")"
    elif [ "$want_status" -eq 0 ] && [ -z "$want_err" ] && [ -s "$tmp/err" ]; then
        bad "$name: unexpected stderr: $(cat "$tmp/err")"
    elif ! err_is_clean; then
        bad "$name: stderr not printable or too long: $(od -c "$tmp/err" | head -3)"
    else
        ok
    fi
}

# Baekjoon 16571 samples, byte-exact.
expect "boj sample 1" boj16571 '1 2 0\n1 1 2\n0 0 2\n' 'W\n' 0
expect "boj sample 2" boj16571 '1 2 0\n0 1 0\n0 0 0\n' 'L\n' 0
expect "boj empty board" boj16571 '0 0 0\n0 0 0\n0 0 0\n' 'D\n' 0
# Every layout a scanf("%d") reader accepts.
expect "boj CRLF" boj16571 '1 2 0\r\n0 1 0\r\n0 0 0\r\n' 'L\n' 0
expect "boj CR only" boj16571 '1 2 0\r0 1 0\r0 0 0\r' 'L\n' 0
expect "boj no final newline" boj16571 '1 2 0\n1 1 2\n0 0 2' 'W\n' 0
expect "boj one line" boj16571 '1 2 0 1 1 2 0 0 2\n' 'W\n' 0
expect "boj one per line" boj16571 '1\n2\n0\n1\n1\n2\n0\n0\n2\n' 'W\n' 0
expect "boj tabs" boj16571 '1\t2\t0\n1\t1\t2\n0\t0\t2\n' 'W\n' 0
expect "boj leading spaces" boj16571 '  1 2 0\n 1 1 2\n\t0 0 2\n' 'W\n' 0
expect "boj double spaces" boj16571 '1  2   0\n1 1  2\n0 0 2  \n' 'W\n' 0
expect "boj blank lines" boj16571 '\n\n1 2 0\n\n1 1 2\n \n0 0 2\n\n\n' 'W\n' 0
expect "boj VT FF" boj16571 '1\v2\f0 1 1 2 0 0 2' 'W\n' 0
expect "boj leading zeros" boj16571 '01 002 0 1 1 2 0 0 2' 'W\n' 0
# Extra data: the answer, a warning, status 0 (the judge ignores it too).
expect "boj trailing word" boj16571 '1 2 0\n0 1 0\n0 0 0\nextra\n' 'L\n' 0 'line 4: warning: input after the board ignored'
expect "boj tenth cell" boj16571 '1 2 0 0 1 0 0 0 0 1' 'L\n' 0 'line 1: warning'
expect "boj trailing NUL" boj16571 '1 2 0 0 1 0 0 0 0\n\0' 'L\n' 0 'line 2: warning'
# Content errors: status 2, the line, nothing on stdout.
expect "boj no spaces" boj16571 '120\n112\n002\n' '' 2 "line 1: '120' is not a cell"
expect "boj letter" boj16571 '1 2 0\n1 x 2\n0 0 2\n' '' 2 "line 2: 'x' is not a cell"
expect "boj digit 3" boj16571 '1 2 0\n1 1 2\n0 0 3\n' '' 2 "line 3: '3' is not a cell"
expect "boj sign" boj16571 '+1 2 0\n1 1 2\n0 0 2\n' '' 2 "line 1: '+1' is not a cell"
expect "boj minus zero" boj16571 '1 2 -0 1 1 2 0 0 2' '' 2 "line 1: '-0' is not a cell"
expect "boj glued" boj16571 '1 2 0,1 1 2 0 0 2' '' 2 "line 1: '0,1' is not a cell"
expect "boj CR lines count" boj16571 '1 2 0\r1 1 2\r0 0 z\r' '' 2 "line 3: 'z'"
expect "boj CRLF lines count" boj16571 '1 2 0\r\n1 1 2\r\n0 0 z\r\n' '' 2 "line 3: 'z'"
expect "boj NUL" boj16571 '1 2 0\n1 1\0 2\n0 0 2\n' '' 2 'line 2: a NUL byte'
expect "boj NUL alone" boj16571 '\0' '' 2 'line 1: a NUL byte'
expect "boj short" boj16571 '1 2 0\n1 1\n0 0 2\n' '' 2 'line 4: unexpected end of input: a board has 9 cells, found 8'
expect "boj truncated" boj16571 '1 2 0\n1 1 2\n' '' 2 'line 3: unexpected end'
expect "boj empty input" boj16571 '' '' 2 'line 1: unexpected end'
expect "boj blank input" boj16571 '\n \n\t\n' '' 2 'line 4: unexpected end'
expect "boj finished board" boj16571 '1 1 1\n2 2 0\n0 0 0\n' '' 2 'line 3: the game is already over'
expect "boj full board" boj16571 '1 2 1\n1 2 2\n2 1 1\n' '' 2 'already over'
expect "boj counts" boj16571 '1 1 0\n0 0 0\n0 0 0\n' '' 2 'line 3: illegal board: X must'
expect "boj O first" boj16571 '2 0 0\n0 0 0\n0 0 0\n' '' 2 'illegal board'
expect "boj both lines" boj16571 '1 1 1\n2 2 2\n0 0 0\n' '' 2 'both players'
expect "boj line not last" boj16571 '1 1 1\n2 2 0\n2 0 0\n' '' 2 'did not move last'
expect "boj overlong word" boj16571 "$(head -c 5000 /dev/zero | tr '\0' '1')\n" '' 2 'line 1: a word longer than 64 bytes'
expect "boj escape echoed" boj16571 '\033[2J 2 0 1 1 2 0 0 2' '' 2 "'\\\\x1B\[2J' is not a cell"
expect "boj binary" boj16571 '\377\376\001' '' 2 "line 1: '\\\\xFF\\\\xFE\\\\x01' is not a cell"

# Algospot TICTACTOE samples, byte-exact.
expect "algospot sample" algospot '3\n...\n...\n...\nxx.\noo.\n...\nxox\noo.\nx.x\n' 'TIE\nx\no\n' 0
expect "algospot finished" algospot '3\nxxx\noo.\n...\nxox\nxoo\noxx\nooo\nxx.\nx..\n' 'x\nTIE\no\n' 0
expect "algospot zero cases" algospot '0\n' '' 0
# Every layout a cin >> reader accepts.
expect "algospot blank lines" algospot '3\n\n...\n...\n...\n\nxx.\noo.\n...\n\nxox\noo.\nx.x\n\n' 'TIE\nx\no\n' 0
expect "algospot count and row" algospot '3 ...\n...\n...\nxx.\noo.\n...\nxox\noo.\nx.x\n' 'TIE\nx\no\n' 0
expect "algospot rows on a line" algospot '3\n... ... ...\nxx. oo. ...\nxox oo. x.x\n' 'TIE\nx\no\n' 0
expect "algospot boards as words" algospot '3\n.........\nxx.oo....\nxoxoo.x.x' 'TIE\nx\no\n' 0
expect "algospot leading blanks" algospot '  3\n\t...\n ...\n...\n  xx.\noo.\n...\n\txox\noo.\nx.x\n' 'TIE\nx\no\n' 0
expect "algospot CR only" algospot '3\r...\r...\r...\rxx.\roo.\r...\rxox\roo.\rx.x\r' 'TIE\nx\no\n' 0
expect "algospot CRLF" algospot '1\r\nxx.\r\noo.\r\n...\r\n' 'x\n' 0
expect "algospot cells apart" algospot '1\nx x .\no o .\n. . .\n' 'x\n' 0
expect "algospot upper case" algospot '1\nXX.\nOO.\n...\n' 'x\n' 0
expect "algospot leading zeros" algospot '001\nxx.\noo.\n...\n' 'x\n' 0
# More boards than C: C answers, a warning, status 0.
expect "algospot too many boards" algospot '1\n...\n...\n...\nxx.\noo.\n...\n' 'TIE\n' 0 'line 5: warning: input after the last case ignored'
expect "algospot zero then data" algospot '0\nxxx\n' '' 0 'line 2: warning: input after the count ignored'
# Content errors.
expect "algospot count word" algospot 'three\n' '' 2 "line 1: 'three': expected the number of cases"
expect "algospot plus count" algospot '+1\nxx.\noo.\n...\n' '' 2 "line 1: '+1': expected the number"
expect "algospot negative" algospot '-1\n' '' 2 'line 1:'
expect "algospot huge count" algospot '100001\n' '' 2 'line 1:'
expect "algospot huge digits" algospot '99999999999999999999999999\n' '' 2 'line 1:'
expect "algospot NUL in count" algospot '1\0\nxx.\noo.\n...\n' '' 2 'line 1: a NUL byte'
expect "algospot empty" algospot '' '' 2 'line 1: empty input'
expect "algospot blank" algospot '\n\n' '' 2 'line 3: empty input'
expect "algospot too few boards" algospot '2\n...\n...\n...\n' 'TIE\n' 2 'line 5: unexpected end of input: case 2 has 0 of its 9 cells'
expect "algospot short board" algospot '1\nx.\n...\n...\n' '' 2 'line 5: unexpected end of input: case 1 has 8 of its 9 cells'
expect "algospot bad char" algospot '1\nxq.\n...\n...\n' '' 2 "line 2: 'xq.': a board's cells are x, o and ."
expect "algospot digits" algospot '1\n1 2 0\n1 1 2\n0 0 2\n' '' 2 "line 2: '1'"
expect "algospot word past board" algospot '2\nxx.oo.....\n' '' 2 "line 2: 'xx.oo.....' runs past"
expect "algospot NUL in board" algospot '1\nxx.\no\0o.\n...\n' '' 2 'line 3: a NUL byte'
expect "algospot illegal keeps others" algospot '2\nxxx\nooo\n...\nxx.\noo.\n...\n' 'x\n' 2 'line 4: illegal'

# Output errors: a full disk is exit 1 with a message, never a silent 0.
for mode in boj16571 algospot; do
    if [ "$mode" = boj16571 ]; then in='1 2 0 1 1 2 0 0 2'; else in='1 xx. oo. ...'; fi
    printf '%s' "$in" | timeout 10 "$TTT" $mode >/dev/full 2>"$tmp/err"
    status=$?
    [ "$status" -eq 1 ] && grep -q 'cannot write' "$tmp/err" && ok ||
        bad "$mode >/dev/full: status $status, stderr '$(cat "$tmp/err")'"
done
# Many answers to a full disk: stops early, still exit 1.
{ echo 100000; i=0; while [ $i -lt 2000 ]; do echo 'xx. oo. ...'; i=$((i + 1)); done; } >"$tmp/many"
timeout 10 "$TTT" algospot <"$tmp/many" >/dev/full 2>"$tmp/err"
[ $? -eq 1 ] && ok || bad "algospot many >/dev/full should exit 1"
timeout 10 "$TTT" move xx./oo./... >/dev/full 2>/dev/null
[ $? -eq 1 ] && ok || bad "move >/dev/full should exit 1"
# A read error is exit 1 with a message.
timeout 10 "$TTT" boj16571 </ >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'cannot read' "$tmp/err" && ok || bad "reading a directory should exit 1"

# A large valid input streams through (no line or size limit beyond a word).
{ echo 100000; i=0; while [ $i -lt 100000 ]; do echo 'xx. oo. ...'; i=$((i + 1)); done; } >"$tmp/big"
timeout 20 "$TTT" algospot <"$tmp/big" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 100000 ] && [ "$(sort -u "$tmp/out")" = x ] && ok ||
    bad "100,000 algospot cases"

# ttt move: the board notation (firmware/engine/notation.h): table and solver agree.
for board in ......... x........ ....x.... x...o.... xo./.x./... xx./oo./... "xx. oo. ..." \
    "XX.OO...." "x,x,.|o,o,.|.,.,." 110220000 "1 1 0/2 2 0/0 0 0" "/xx.oo..../"; do
    a=$("$TTT" move "$board") && b=$("$TTT" move --solver "$board") && [ "$a" = "$b" ] && ok ||
        bad "move '$board': table '$a' solver '$b'"
done
for board in xx./oo./... "xx. oo. ..." 110220000 "1,1,0 | 2,2,0 | 0,0,0"; do
    [ "$("$TTT" move "$board")" = 2 ] && ok || bad "move '$board' should win at 2"
done
# move_bad BOARD STDERR-PATTERN: status 2, nothing on stdout, one clean stderr line.
move_bad() {
    out=$(timeout 10 "$TTT" move "$1" 2>"$tmp/err")
    status=$?
    [ "$status" -eq 2 ] && [ -z "$out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && err_is_clean &&
        grep -q -- "$2" "$tmp/err" && ok || bad "move '$1': status $status out '$out' err '$(cat "$tmp/err")'"
}
move_bad xxx......... 'more than 9 cells'
move_bad oo.x..... 'illegal board'
move_bad x.o 'fewer than 9 cells'
move_bad "" 'fewer than 9 cells'
move_bad ......?.. 'a character other than'
move_bad xxx/ooo/... 'both players'
move_bad xxx/oo./... 'already over'
move_bad x1....... 'mixed'
move_bad "$(printf 'xx.\noo.\n...')" "'xx.\\\\x0Aoo.\\\\x0A...'"
move_bad "$(printf '\033]0;pwned\007xx.oo....')" "'\\\\x1B]0;pwned\\\\x07xx.oo....'"
# A 120 KB argument: echoed cut to 40 characters.
long=$(head -c 120000 /dev/zero | tr '\0' 'x')
move_bad "$long" "board 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\.\.\.: longer than 255 bytes"
"$TTT" bogus </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "unknown command 'bogus'" "$tmp/err" && ok || bad "unknown mode should exit 2"
"$TTT" "$(printf 'a\033[31mb')$long" </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && err_is_clean && ok || bad "unknown mode echo must be clean: $(head -c 200 "$tmp/err")"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
