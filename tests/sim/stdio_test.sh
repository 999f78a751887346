#!/bin/sh
# tests/sim/stdio_test.sh - the ttt-sim --stdio protocol: against the small test firmware
# (exact answers) and the real firmware (boot, a move and the AI's answer through LEDs).
# Usage: stdio_test.sh TTT_SIM TESTFW_ELF FIRMWARE_ELF GHOST_TESTFW_ELF
set -u
SIM=$1 TESTFW=$2 ELF=$3 GHOST=$4
fail=0 checks=0
expect() { # expect NAME FILE PATTERN
    checks=$((checks + 1))
    if ! grep -q -- "$3" "$2"; then
        echo "sim_stdio: FAILED: $1: no line matching '$3' in:"; sed 's/^/    /' "$2"; fail=1
    fi
}
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT

printf 'wait 300\npress 5\nwait 100\npress 5\nwait 400\npress 1\nserial hello world\nwait 50\nbogus\nhold 9 200\nwait 10\nhold 10 5\nwait x\nduty 5\nquit\n' |
    "$SIM" --stdio "$TESTFW" > "$out" 2>/dev/null
[ $? -eq 0 ] || { echo "sim_stdio: FAILED: ttt-sim exit status"; fail=1; }
expect testfw-banner "$out" '^serial ttt: ready'
expect testfw-press "$out" '^leds \.\.\.\.r\.\.\.\.$'
expect testfw-second-press "$out" '^leds \.\.\.\.g\.\.\.\.$'
expect testfw-key-line "$out" '^serial key 5$'
expect testfw-echo "$out" '^serial e: hello world$'
expect testfw-unknown "$out" "^error: unknown command 'bogus'"
expect testfw-hold "$out" '^leds r\.\.\.g\.\.\.r$'
expect testfw-bad-cell "$out" '^error: usage: hold'
expect testfw-bad-wait "$out" '^error: usage: wait'
expect testfw-bad-duty "$out" '^error: usage: duty'

# down/up: two contacts closed at one instant (both seen, in one scan), let go one at a
# time, closed again; bad lists and states refused, nothing changed
printf 'wait 300\ndown 1 3\nwait 100\nup 3\nwait 50\ndown 3\nwait 60\nup 1 3\nwait 100\ndown 7 7\ndown 10\nup 2\ndown 4\nhold 4 10\npress 4\ndown 4\nquit\n' |
    "$SIM" --stdio "$TESTFW" > "$out" 2>/dev/null
[ $? -eq 0 ] || { echo "sim_stdio: FAILED: ttt-sim exit status (down/up)"; fail=1; }
expect down-two-at-once "$out" '^leds r\.r\.\.\.\.\.\.$'
expect down-again "$out" '^leds r\.g\.\.\.\.\.\.$'
expect down-twice-in-one "$out" '^error: usage: down N \[N \.\.\.\] (N 1-9, each once)$'
expect up-not-down "$out" '^error: up: cell 2 is not down$'
expect hold-while-down "$out" '^error: hold: cell 4 is down (up 4 first)$'
expect press-while-down "$out" '^error: press: cell 4 is down (up 4 first)$'
expect down-while-down "$out" '^error: down: cell 4 is down already$'
checks=$((checks + 1))
if [ "$(grep -c 'is not down' "$out")" -ne 1 ]; then # `up 3` let go of 3 alone: 1 was still down
    echo "sim_stdio: FAILED: up let go of a cell it did not name:"; sed 's/^/    /' "$out"; fail=1
fi

printf 'wait 1500\npress 5\nwait 1500\nserial board\nwait 100\nquit\n' | "$SIM" --stdio "$ELF" > "$out" 2>/dev/null
[ $? -eq 0 ] || { echo "sim_stdio: FAILED: ttt-sim exit status (firmware)"; fail=1; }
expect fw-banner "$out" '^serial ttt: ready'
expect fw-empty "$out" '^leds \.\.\.\.\.\.\.\.\.$'
expect fw-move "$out" '^leds \.\.\.\.r\.\.\.\.$'
expect fw-ai-answer "$out" '^leds \(\.*g\.*r\.*\|\.\.\.\.r\.*g\.*\)$' # any corner: they draw alike
expect fw-console "$out" '^serial turn: x'
checks=$((checks + 1))
if grep -q '^ghost' "$out"; then echo "sim_stdio: FAILED: ghost light reported on the firmware"; fail=1; fi

# deliberate ghosting: switching row 0 -> 1 with row 1's columns already set lights cell 2
printf 'wait 300\npress 5\nwait 200\nduty 300\nquit\n' | "$SIM" --stdio "$GHOST" > "$out" 2>/dev/null
expect ghost-reported "$out" '^ghost \.r\.\.\.\.\.\.\.$'
expect ghost-counts-as-off "$out" '^leds \.\.\.\.r\.\.\.\.$'
expect duty-lit-die "$out" '^duty 5 red 3[0-9][0-9] 1000 0 green 0 0 0$'
expect duty-ghost-is-not-lit "$out" '^duty 2 red 0 0 0 green 0 0 0$'
expect duty-shades "$out" '^duty shades \.\.\.\.4\.\.\.\.$'
[ "$fail" -eq 0 ] || exit 1
echo "sim_stdio: ok ($checks checks: press/hold/down/up/wait/serial/duty/quit/errors and ghost light on the test firmware, the protocol on the real one)"
