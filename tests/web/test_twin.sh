#!/bin/sh
# tests/web/test_twin.sh - twin transcripts: the same scripted sessions on simavr
# (build/sim/ttt-sim --stdio) and on avr8js (build/web/ttt-sim-js --stdio) must give the
# same serial transcript and the same sequence of stable LED pictures (and ghost reports,
# `duty` figures), and the same cycle stamps (--stamps: every byte from the chip, every
# change of the dies lit and of the sounder pin, every key and RXD edge, each at its
# cycle): both emulators count the chip's cycles (sim/README.md, "Cycle for cycle").
# Sessions (tests/web/twin/*.txt, '#' lines are comments) cover every console command,
# every gesture the protocol can make (two keys at once it cannot), all modes and levels,
# sleep and wake, a stuck key; the probe session runs a small test image on both
# (tests/web/probe_fw.c): watchdog resets in both modes, EEPROM kept, EE_READY, the ADC.
# A session's `# expect N REGEX` lines: each side's serial transcript has N lines matching.
# Usage: test_twin.sh TTT_SIM TTT_SIM_JS FIRMWARE.elf PROBE_FW.elf
set -u
SIM=$1 SIMJS=$2 ELF=$3 PROBE=$4
DIR=$(dirname "$0")/twin
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 sessions=0 lines=0 pics=0 bytes=0 edges=0
session() { # session NAME SCRIPT IMAGE
    sessions=$((sessions + 1))
    grep -v '^#' "$2" > "$tmp/in"
    "$SIM" --stdio --stamps "$tmp/c.stamps" "$3" < "$tmp/in" > "$tmp/c.out" 2> "$tmp/c.err"; rc_c=$?
    "$SIMJS" --stdio --stamps "$tmp/js.stamps" "$3" < "$tmp/in" > "$tmp/js.out" 2> "$tmp/js.err"; rc_js=$?
    if [ $rc_c -ne 0 ] || [ $rc_js -ne 0 ]; then
        echo "web_twin: FAILED: $1: exit status simavr $rc_c, avr8js $rc_js"; cat "$tmp/c.err" "$tmp/js.err"
        fail=1; return
    fi
    for side in c js; do
        grep '^serial ' "$tmp/$side.out" > "$tmp/$side.serial"
        grep -E '^(leds|ghost|error|duty) ' "$tmp/$side.out" > "$tmp/$side.leds"
    done
    n=$(wc -l < "$tmp/c.serial"); p=$(wc -l < "$tmp/c.leds")
    b=$(grep -c ' tx ' "$tmp/c.stamps"); e=$(grep -c -E ' (leds|sound) ' "$tmp/c.stamps")
    if ! cmp -s "$tmp/c.serial" "$tmp/js.serial"; then
        echo "web_twin: FAILED: $1: serial transcripts differ (< simavr, > avr8js):"
        diff "$tmp/c.serial" "$tmp/js.serial" | head -20 | sed 's/^/    /'; fail=1
    fi
    if ! cmp -s "$tmp/c.leds" "$tmp/js.leds"; then
        echo "web_twin: FAILED: $1: LED pictures differ (< simavr, > avr8js):"
        diff "$tmp/c.leds" "$tmp/js.leds" | head -20 | sed 's/^/    /'; fail=1
    fi
    if ! cmp -s "$tmp/c.stamps" "$tmp/js.stamps"; then
        echo "web_twin: FAILED: $1: cycle stamps differ (CYCLE WHAT VALUE, < simavr, > avr8js):"
        diff "$tmp/c.stamps" "$tmp/js.stamps" | head -20 | sed 's/^/    /'; fail=1
    fi
    sed -n 's/^# expect //p' "$2" | while read -r want re; do
        for side in c js; do
            got=$(grep -c -- "$re" "$tmp/$side.serial")
            [ "$got" -eq "$want" ] || echo "web_twin: FAILED: $1: $got lines match '$re' on $side, not $want"
        done
    done > "$tmp/expect"
    [ -s "$tmp/expect" ] && { cat "$tmp/expect"; fail=1; }
    case "$1" in probe*) pmin=1 ;; *) pmin=2 ;; esac # the probe image drives no LED
    if [ "$n" -lt 3 ] || [ "$p" -lt "$pmin" ] || [ "$b" -lt 3 ]; then
        echo "web_twin: FAILED: $1: too little output to compare ($n serial lines, $p pictures, $b bytes)"; fail=1
    fi
    echo "web_twin: $1: $n serial lines, $p LED pictures, $b bytes and $e LED and sounder edges at their cycles - $( [ $fail -eq 0 ] && echo same || echo see above)"
    lines=$((lines + n)); pics=$((pics + p)); bytes=$((bytes + b)); edges=$((edges + e))
}
for s in "$DIR"/${TWIN_ONLY:-*}.txt; do # TWIN_ONLY=NAME: one session
    name=$(basename "$s" .txt)
    case "$name" in probe*) session "$name" "$s" "$PROBE" ;; *) session "$name" "$s" "$ELF" ;; esac
done
[ "$fail" -eq 0 ] || exit 1
echo "web_twin: ok ($sessions sessions, $lines serial lines and $pics LED pictures identical on simavr and avr8js; the cycle of each of $bytes bytes and $edges LED and sounder edges the same)"
