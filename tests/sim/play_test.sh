#!/bin/sh
# tests/sim/play_test.sh - `make play` in a terminal, driven through tmux: a press shows
# a red cell and the AI's answer, a console line gets its answer, 'q' quits with status 0
# and the terminal restored. Skips (status 0, says so) when tmux is not installed.
# Usage: play_test.sh TTT_SIM FIRMWARE_ELF
set -u
SIM=$1 ELF=$2
if ! command -v tmux >/dev/null 2>&1; then
    echo "sim_play: skipped (no tmux)"; exit 0
fi
S=ttt-sim-test-$$
st=$(mktemp) || exit 1
tmux -f /dev/null new-session -d -s "$S" -x 110 -y 45 "$SIM $ELF; echo \$? > $st" || exit 1
trap 'tmux kill-session -t "$S" 2>/dev/null; rm -f "$st"' EXIT
fail=0
cap() { tmux capture-pane -p -e -t "$S"; }
check() { # check NAME PATTERN (extended regexp over the captured screen)
    if ! cap | grep -Eq -- "$2"; then
        echo "sim_play: FAILED: $1: screen does not match '$2':"; cap | sed 's/^/    /'; fail=1
    fi
}
sleep 2
check banner 'ttt: ready'
tmux send-keys -t "$S" 5
sleep 2
check move 'move: 5'
check red-cell '41m   5   '
check ai-answer 'ai: [1-9]'
tmux send-keys -t "$S" : h e l p Enter
sleep 1
check console 'help \|'
tmux send-keys -t "$S" q
n=0
while [ ! -s "$st" ] && [ $n -lt 30 ]; do sleep 0.1; n=$((n + 1)); done
[ "$(cat "$st")" = "0" ] || { echo "sim_play: FAILED: after q: exit status '$(cat "$st")'"; fail=1; }
[ "$fail" -eq 0 ] || exit 1
echo "sim_play: ok (tmux: press 5 -> red cell + AI answer, ':help' answered, 'q' exits 0)"
