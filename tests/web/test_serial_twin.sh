#!/bin/sh
# tests/web/test_serial_twin.sh - serial stress on both emulators (build/sim/ttt-sim and
# build/web/ttt-sim-js, --stdio), whose receivers model the chip's (two frames in the
# FIFO, a third in the shift register, DOR0; sim/README.md): the transcripts (`diag`'s
# uptime and stack too) and the cycle stamps (every byte each way at its cycle) must be
# identical, and
#   pipelined: every console command, as the firmware's own `help` lists them (its
#     command table; `move 1-9` sent as `move 1`, `stats [clear]` as `stats`), sent
#     right behind every command with a long answer (help, stats, diag, solve BOARD,
#     board, lamp); then a 20-line paste; then 100 alternating `board` and `level N`:
#     every line of those answered, no line refused, `diag` says `lost rx 0`;
#   bad input: garbage, a line over 40 characters, a byte with a framing error (counted
#     in `lost rx`), a line sent while the board is powered down (the receiver deaf);
#   a planted latency (tests/sim/probe_rx.c: interrupts off for 5 ms on the firmware's
#     own serial driver): the overrun is counted alike on both (`lost rx 2`: the DOR0
#     and the byte after it), and without the stall nothing is lost.
# Usage: test_serial_twin.sh TTT_SIM TTT_SIM_JS FIRMWARE.elf PROBE_RX.elf
set -u
SIM=$1 SIMJS=$2 ELF=$3 PROBE=$4
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { echo "serial_twin: $*"; }
bad() { say "FAILED: $*"; fail=1; }

# twin NAME IMAGE: run $tmp/NAME.in on both; $tmp/NAME.serial is the transcript (simavr)
twin() {
    "$SIM" --stdio --stamps "$tmp/$1.cst" "$2" < "$tmp/$1.in" > "$tmp/$1.c" 2> "$tmp/$1.c.err" ||
        bad "$1: simavr exit status"
    "$SIMJS" --stdio --stamps "$tmp/$1.jst" "$2" < "$tmp/$1.in" > "$tmp/$1.js" 2> "$tmp/$1.js.err" ||
        bad "$1: avr8js exit status"
    grep '^serial ' "$tmp/$1.c" > "$tmp/$1.serial"
    grep '^serial ' "$tmp/$1.js" > "$tmp/$1.jserial"
    if ! cmp -s "$tmp/$1.serial" "$tmp/$1.jserial"; then
        bad "$1: transcripts differ (< simavr, > avr8js):"
        diff "$tmp/$1.serial" "$tmp/$1.jserial" | head -20 | sed 's/^/    /'
    fi
    if ! cmp -s "$tmp/$1.cst" "$tmp/$1.jst"; then
        bad "$1: cycle stamps differ (< simavr, > avr8js):"
        diff "$tmp/$1.cst" "$tmp/$1.jst" | head -20 | sed 's/^/    /'
    fi
    say "$1: $(grep -c '' < "$tmp/$1.in") commands, $(wc -l < "$tmp/$1.serial") serial lines and $(grep -c -E ' (tx|rxd 0)' "$tmp/$1.cst") bytes stamped on each"
}
count() { grep -c -- "$2" "$tmp/$1.serial"; }

# The commands of `help`, each with its first argument.
printf 'wait 1500\nserial help\nwait 500\nquit\n' | "$SIM" --stdio "$ELF" |
    sed -n 's/^serial //p' | sed -n '/^help \[COMMAND\] | /,/^menu:/p' | sed '$d' | sed 's/ | /\n/g' |
    sed 's/ \[.*//; s/^\([a-z]*\) \([a-z0-9]*\).*/\1 \2/; s/ \([0-9]\)-[0-9]*$/ \1/' > "$tmp/cmds"
ncmds=$(wc -l < "$tmp/cmds")
[ "$ncmds" -ge 10 ] || bad "help listed only $ncmds commands: $(tr '\n' ',' < "$tmp/cmds")"
long='help
stats
diag
solve xx.oo....
board
lamp'

{   echo 'wait 1500'
    echo "$long" | while read -r l; do
        while read -r c; do
            printf 'serial %s\nserial %s\nwait 600\n' "$l" "$c"
            [ "$c" = solve ] && printf 'serial x..\nserial .o.\nserial ...\nwait 300\n' # its board
        done < "$tmp/cmds"
        printf 'serial new x\nserial level perfect\nwait 300\n'
    done
    for i in 1 2 3 4 5; do printf 'serial board\nserial hint\nserial diag\nserial lamp\n'; done
    echo 'wait 3000'
    i=0; while [ $i -lt 50 ]; do printf 'serial board\nserial level %d\n' $((i % 3)); i=$((i + 1)); done
    printf 'wait 5000\nserial diag\nwait 300\nquit\n'
} > "$tmp/stress.in"
twin stress "$ELF"
pairs=$(( $(echo "$long" | wc -l) * ncmds ))
tail=$(sed -n '/^serial diag: lost rx/h; ${x;p}' "$tmp/stress.serial")
case "$tail" in "serial diag: lost rx 0 lines 0 "*) ;; *) bad "stress: the last diag: $tail" ;; esac
[ "$(count stress 'input overrun\|unknown command\|usage')" -eq 0 ] || bad "stress: lines mangled or refused"
for a in 'help:help \[COMMAND\] | ' 'lamp:lamp: ' 'diag:diag: lost rx '; do # each one answered
    sent=$(grep -c "^serial ${a%%:*}\$" "$tmp/stress.in"); got=$(count stress "^serial ${a#*:}")
    [ "$sent" -eq "$got" ] || bad "stress: ${a%%:*} sent $sent times, answered $got"
done
# the last 100 lines: each `board` ends with its turn line, each `level N` answers `level:`
turns=$(grep -v '^serial diag' "$tmp/stress.serial" | tail -n 250 | grep -c '^serial turn:')
levels=$(grep -v '^serial diag' "$tmp/stress.serial" | tail -n 250 | grep -c '^serial level:')
[ "$turns" -ge 50 ] && [ "$levels" -ge 50 ] || bad "stress: 100 alternating lines: $turns boards, $levels levels answered"
say "stress: $pairs pipelined pairs, a 20-line paste, 100 alternating lines: compared, lost rx and answers checked"

# bad input
{   printf 'wait 1500\nserial x$#@!zz 9 9 9\nserial %s\nserial board\n' \
        "board board board board board board board board board"
    printf 'framing Z\nserial board\nwait 500\nserial diag\nwait 300\n'
    printf 'wait 301000\nserial board\nwait 1500\nserial board\nwait 500\nquit\n'
} > "$tmp/bad.in"
twin bad "$ELF"
grep -q '^serial diag: lost rx 1 ' "$tmp/bad.serial" || bad "bad: the framing error not counted"
grep -q 'line lost while asleep' "$tmp/bad.serial" || bad "bad: no refusal of the line sent asleep"
[ "$(count bad '^serial error:')" -ge 3 ] || bad "bad: fewer than 3 errors answered"

# the planted latency, and the same without it
printf 'wait 100\nserial count\nserial stall %d\nserial 0123456789\nwait 100\nserial after\nserial count\nwait 100\nquit\n' 5 > "$tmp/stall.in"
twin stall "$PROBE"
grep -q '^serial refused' "$tmp/stall.serial" && grep -q '^serial lost rx 2' "$tmp/stall.serial" ||
    bad "stall: $(tr '\n' '|' < "$tmp/stall.serial")"
printf 'wait 100\nserial count\nserial stall %d\nserial 0123456789\nwait 100\nserial after\nserial count\nwait 100\nquit\n' 0 > "$tmp/nostall.in"
twin nostall "$PROBE"
grep -q '^serial line 0123456789' "$tmp/nostall.serial" && ! grep -q 'lost rx [1-9]' "$tmp/nostall.serial" ||
    bad "nostall: $(tr '\n' '|' < "$tmp/nostall.serial")"

[ "$fail" -eq 0 ] || exit 1
say "ok"
