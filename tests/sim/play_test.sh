#!/bin/sh
# tests/sim/play_test.sh - `make play` in a terminal, driven through tmux, at a standard
# 80x24 (compact layout) and at full size (110x45): the whole grid, the key help and at
# least 4 console lines are on screen; a press shows a red cell and the AI's answer; the
# status line names the cell by its place, also in numeric-keypad mode; a console line
# gets its answer; 'q' quits with status 0. A 50x12 terminal gets a clear message.
# Skips (status 0, says so) when tmux is not installed.
# Usage: play_test.sh TTT_SIM FIRMWARE_ELF
set -u
SIM=$1 ELF=$2
if ! command -v tmux >/dev/null 2>&1; then
    echo "sim_play: skipped (no tmux)"; exit 0
fi
S=ttt-sim-test-$$
st=$(mktemp) || exit 1
trap 'tmux kill-session -t "$S" 2>/dev/null; rm -f "$st"' EXIT
fail=0 checks=0
cap() { tmux capture-pane -p -e -t "$S"; }
check() { # check NAME PATTERN (extended regexp over the captured screen)
    checks=$((checks + 1))
    if ! cap | grep -Eq -- "$2"; then
        echo "sim_play: FAILED: $SIZE: $1: screen does not match '$2':"; cap | sed 's/^/    /'; fail=1
    fi
}
check_count() { # check_count NAME PATTERN MIN
    checks=$((checks + 1))
    n=$(cap | grep -Ec -- "$2")
    if [ "$n" -lt "$3" ]; then
        echo "sim_play: FAILED: $SIZE: $1: $n lines match '$2', want >= $3:"; cap | sed 's/^/    /'; fail=1
    fi
}
start() { # start COLS ROWS
    SIZE="$1x$2"
    : > "$st"
    tmux -f /dev/null new-session -d -s "$S" -x "$1" -y "$2" "$SIM $ELF; echo \$? > $st" || exit 1
    sleep 2
}
quit() {
    tmux send-keys -t "$S" q
    n=0
    while [ ! -s "$st" ] && [ $n -lt 30 ]; do sleep 0.1; n=$((n + 1)); done
    [ "$(cat "$st")" = "0" ] || { echo "sim_play: FAILED: $SIZE: after q: exit status '$(cat "$st")'"; fail=1; }
    tmux kill-session -t "$S" 2>/dev/null
}
play() { # the same session at any size that fits
    check banner 'ttt: ready'
    check grid-top '   1   .*   2   .*   3   '
    check grid-bottom '   7   .*   8   .*   9   '
    check key-help "shift\+digit or 'l'"
    tmux send-keys -t "$S" 5
    sleep 2
    check move 'move: 5'
    check red-cell '41m   5   '
    check ai-answer 'ai: [1-9]'
    check status 'short press: key 5 = centre cell \(cell 5\)'
    tmux send-keys -t "$S" : h e l p Enter
    sleep 1
    check console 'help \|'
    check_count console-lines '^  [<>] ' 4
    tmux send-keys -t "$S" n 7
    sleep 1
    check numpad-help 'keys 7-8-9 top'
    checks=$((checks + 1))
    if ! cap | grep -E '   [1-9]   ' | head -1 | grep -Eq '   7   .*   8   .*   9   '; then
        echo "sim_play: FAILED: $SIZE: numpad-label: the top grid row is not 7 8 9:"; cap | sed 's/^/    /'; fail=1
    fi
    check numpad-status 'short press: key 7 = top left cell \(cell 1\)'
    quit
}
start 80 24
check compact-title 'ttt-sim(-js)?: '
play
start 110 45
check full-title 'simulated Uno \+ shield'
play
start 50 12
check too-small 'terminal is 50x12: too small'
check too-small-size 'needs at least 72x14'
quit
[ "$fail" -eq 0 ] || exit 1
echo "sim_play: ok ($checks checks in tmux at 80x24 (compact) and 110x45 (full): grid, key help, >= 4 console lines, press -> red cell + AI answer, status names the cell also in keypad mode, ':help' answered, 'q' exits 0; 50x12 gets a clear message)"
