#!/bin/sh
# tests/sim/test_play.sh - `make play` in a terminal, driven through tmux, at a standard
# 80x24 (compact layout) and at full size (110x45): the whole grid, the key help and at
# least 4 console lines are on screen; a press shows a red cell and the AI's answer; the
# status line names the cell by its place, also in numeric-keypad mode; a console line
# gets its answer, also with arrow keys typed in it (kept, doing nothing), Esc drops a
# line; a function key (its sequence carries digits) presses nothing; '?' shows the
# board's menu legend (keys as labelled); 'q' quits with status 0. A 50x12 terminal gets
# a clear message, and the keys typed under it do nothing. Two taps in one write are two
# moves. Shift+5 opens the menu; a digit then shift+digit of one cell (in one write) are a
# tap and a long press.
# Skips (status 0, says so) when tmux is not installed.
# With DUTY_ELF (tests/hal/hal_bench_fw.c: nine yellow cells, the diagonal dim; '0'-'2' on
# its serial port set the brightness level), each cell is drawn as bright as the board
# lights it: the share of full on the key row and a darker background below full.
# The legend's labels are the menu table's (MENU_JSON, build/gen/menu.json: make menu-json),
# its lines sim/legend.txt's with the facts filled in (LEGEND_JSON, build/gen/legend.json).
# With SOUND_MARK=1 (a firmware with a sounder): the press's click and the AI's answer put
# the note mark and the tone on the status line ('♪  4000 Hz'), gone a second later.
# The terminal boards run the chip in real time, and tmux is driven in real time: a check
# waits for its screen up to WAIT_S seconds (20), so a machine that runs the chip ten
# times slower than real time still passes, while the sleeps before a check only give a
# wrong screen the time to show (their outcome does not depend on the machine's speed).
# Usage: [MENU_JSON=FILE] [LEGEND_JSON=FILE] [SOUND_MARK=1] test_play.sh TTT_SIM FIRMWARE_ELF [DUTY_ELF]
set -u
SIM=$1 ELF=$2 DUTY=${3:-}
MENU_JSON=${MENU_JSON:-build/gen/menu.json} LEGEND_JSON=${LEGEND_JSON:-build/gen/legend.json}
[ -r "$MENU_JSON" ] || { echo "sim_play: FAILED: no $MENU_JSON (make menu-json)"; exit 1; }
[ -r "$LEGEND_JSON" ] || { echo "sim_play: FAILED: no $LEGEND_JSON (make all)"; exit 1; }
legend() { # legend START: the legend's line that begins with START, as an extended regexp
    sed -n "s/^ *\"\($1[^\"]*\)\",*\]*}*$/\1/p" "$LEGEND_JSON" | head -n 1 |
        sed 's/[][\\.*^$+?(){}|/]/\\&/g'
}
label() { # label CELL: its long label from MENU_JSON, as an extended regexp
    sed -n "s/.*\"cell\": $1,.*\"long\": \"\([^\"]*\)\".*/\1/p" "$MENU_JSON" |
        sed 's/[][\\.*^$+?(){}|/]/\\&/g'
}
L1=$(label 1) L2=$(label 2) L3=$(label 3) L7=$(label 7)
[ -n "$L1" ] && [ -n "$L2" ] && [ -n "$L3" ] || { echo "sim_play: FAILED: no labels for cells 1-3 in $MENU_JSON"; exit 1; }
if ! command -v tmux >/dev/null 2>&1; then
    echo "sim_play: skipped (no tmux)"; exit 0
fi
S=ttt-sim-test-$$
st=$(mktemp) || exit 1
# its own tmux server (-L): a server another user of tmux started elsewhere would run the
# program from its own working directory
tm() { tmux -L "$S" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null; rm -f "$st"' EXIT
fail=0 checks=0
cap() { tm capture-pane -p -e -t "$S"; }
WAIT_S=${WAIT_S:-20}
shows() { # shows PATTERN [MIN]: the screen has MIN (1) lines matching within WAIT_S
    local n=0
    while [ "$(cap | grep -Ec -- "$1")" -lt "${2:-1}" ]; do
        [ $n -lt $((WAIT_S * 10)) ] || return 1
        sleep 0.1
        n=$((n + 1))
    done
}
check() { # check NAME PATTERN (extended regexp over the captured screen)
    checks=$((checks + 1))
    if ! shows "$2"; then
        echo "sim_play: FAILED: $SIZE: $1: screen does not match '$2':"; cap | sed 's/^/    /'; fail=1
    fi
}
check_legend() { # check_legend NAME START: the legend's line that begins with START is shown
    re=$(legend "$2")
    if [ -z "$re" ]; then
        checks=$((checks + 1)); echo "sim_play: FAILED: no legend line begins '$2' ($LEGEND_JSON)"; fail=1
    else
        check "$1" "$re"
    fi
}
check_width() { # check_width NAME: no line on screen wider than 72 columns
    checks=$((checks + 1))
    w=$(tm capture-pane -p -t "$S" | sed 's/ *$//' | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')
    if [ "$w" -gt 72 ]; then
        echo "sim_play: FAILED: $SIZE: $1: a line of $w columns:"; cap | sed 's/^/    /'; fail=1
    fi
}
check_count() { # check_count NAME PATTERN MIN
    checks=$((checks + 1))
    shows "$2" "$3"
    n=$(cap | grep -Ec -- "$2")
    if [ "$n" -lt "$3" ]; then
        echo "sim_play: FAILED: $SIZE: $1: $n lines match '$2', want >= $3:"; cap | sed 's/^/    /'; fail=1
    fi
}
start() { # start COLS ROWS [IMAGE]
    SIZE="$1x$2"
    : > "$st"
    tm new-session -d -s "$S" -x "$1" -y "$2" "$SIM ${3:-$ELF}; echo \$? > $st" || exit 1
    sleep 2
}
quit() {
    tm send-keys -t "$S" q
    n=0
    while [ ! -s "$st" ] && [ $n -lt 30 ]; do sleep 0.1; n=$((n + 1)); done
    [ "$(cat "$st")" = "0" ] || { echo "sim_play: FAILED: $SIZE: after q: exit status '$(cat "$st")'"; fail=1; }
    tm kill-session -t "$S" 2>/dev/null
}
play() { # the same session at any size that fits
    check banner 'ttt: ready'
    check grid-top '   1   .*   2   .*   3   '
    check grid-bottom '   7   .*   8   .*   9   '
    check key-help "shift\+digit or 'l'"
    tm send-keys -t "$S" 5
    if [ "${SOUND_MARK:-0}" = 1 ]; then
        checks=$((checks + 1)) n=0
        shows '♪ +[0-9]+ Hz' || { echo "sim_play: FAILED: $SIZE: no note mark within $WAIT_S s of a press:"; cap | sed 's/^/    /'; fail=1; }
    fi
    sleep 2
    check move 'move: 5'
    check ai-answer 'ai: [1-9]'
    if [ "${SOUND_MARK:-0}" = 1 ]; then # the AI's tone ends: the mark goes
        checks=$((checks + 1)) n=0
        while cap | grep -q '♪' && [ $n -lt $((WAIT_S * 10)) ]; do sleep 0.1; n=$((n + 1)); done
        ! cap | grep -q '♪' || { echo "sim_play: FAILED: $SIZE: the note mark stays with no tone:"; cap | sed 's/^/    /'; fail=1; }
    fi
    check red-cell '41m   5   '
    check status 'short press: key 5 = centre cell \(cell 5\)'
    tm send-keys -t "$S" : h e l p Enter
    sleep 1
    check console 'help \[COMMAND\] \|'
    # a line longer than the log wraps at a word: the menu line's last words are whole
    check help-wrapped '^ +(9 )?bright *$|8 cues 9 bright *$'
    check_width help-width
    check_count console-lines '^  [<>] ' 4
    # arrow keys while typing a line keep it (and do nothing); Esc alone drops it
    tm send-keys -t "$S" : b o Left Up
    tm send-keys -t "$S" a
    sleep 1
    check arrow-keeps-line ' > boa'
    tm send-keys -t "$S" r d Enter
    sleep 1
    check arrow-line-sent 'turn: '
    tm send-keys -t "$S" : x y z Escape
    sleep 1
    check esc-drops-line "':' to type a console line"
    checks=$((checks + 1))
    if cap | grep -q 'xyz'; then
        echo "sim_play: FAILED: $SIZE: esc-drops-line: 'xyz' still there:"; cap | sed 's/^/    /'; fail=1
    fi
    # a function key's sequence carries digits (F7: ESC [ 1 8 ~): no press
    tm send-keys -t "$S" F7 S-Up
    sleep 1
    check fkey-no-press 'short press: key 5 = centre cell'
    # a press on a taken cell: the board answers nothing on the console, the status says so
    tm send-keys -t "$S" 5
    sleep 1.5
    check ignored-press 'ignored: key 5 = centre cell \(cell 5\)'
    # the menu's legend on '?', and back
    tm send-keys -t "$S" '?'
    sleep 1
    check_legend legend "THE BOARD'S MENU"
    check legend-row "1 $L1 +2 $L2 +3 $L3"
    check_legend legend-close 'The centre, a hurried press'
    check legend-colours 'You are X \(red\), the AI O'
    check legend-game-over 'the result shows 2 s, then a tap starts a new game'
    check legend-analysis 'each empty cell green wins, yellow draws, red'
    check_legend legend-stats 'Statistics'
    check legend-abandoned 'Then [0-9.]+ s: played out, dark, abandoned'
    check_width legend-width
    tm send-keys -t "$S" '?'
    sleep 1
    check legend-back 'serial console:'
    tm send-keys -t "$S" n 7
    sleep 1
    check numpad-help 'keys 7-8-9 top'
    checks=$((checks + 1))
    if ! cap | grep -E '   [1-9]   ' | head -1 | grep -Eq ' 7 .* 8 .* 9 '; then
        echo "sim_play: FAILED: $SIZE: numpad-label: the top grid row is not 7 8 9:"; cap | sed 's/^/    /'; fail=1
    fi
    check numpad-status '(short press|ignored): key 7 = top left cell \(cell 1\)'
    tm send-keys -t "$S" '?'
    sleep 1
    check numpad-legend "7 $L1 +8 $L2 +9 $L3"
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
# keys under the notice make no unseen moves: none shows once the board fits
tm send-keys -t "$S" 5 '?' : 1
sleep 1
tm resize-window -t "$S" -x 80 -y 24
sleep 1
SIZE=50x12-then-80x24
check too-small-no-key '^ ready: hold the centre 2 s for the menu'
check too-small-no-line "':' to type a console line"
checks=$((checks + 1))
if cap | grep -Eq 'move: |41m   5   '; then
    echo "sim_play: FAILED: $SIZE: a key under the notice made a move:"; cap | sed 's/^/    /'; fail=1
fi
quit
# two taps under 80 ms apart (here in one write) are two presses in order, as on the page:
# the second waits for the first's release and 20 ms more (sim/README.md, "Two quick taps")
start 80 24
SIZE=80x24-quick-taps
tm send-keys -t "$S" : n e w Space 2 p Enter
sleep 1
tm send-keys -t "$S" 4 1
sleep 2
check quick-tap-first 'move: 4 \(x\)'
check quick-tap-second 'move: 1 \(o\)'
quit
# a held key arrives as auto-repeat (a first repeat after 500 ms, then about one each 40 ms): one
# hold of the centre past 2 s, before the first move the menu, not a tap (a move) and then more
# The repeats are sent one tmux call at a time, and the terminal board reads them in real
# time: on a busy machine a call, or the board's own read, can take longer than the board
# model's repeat gap (REPEAT_GAP_MS, 200 ms), which ends the hold as a real gap would.
# Such a try does not count (the longest gap between two sends is said): up to 5 tries,
# until one gives the long press; a board that never does fails.
held_key() { # one try; prints the longest gap between two sends, in ms
    local n=0 last now max=0
    start 80 24
    SIZE=80x24-held-key
    tm send-keys -t "$S" 5
    sleep 0.5
    last=$(date +%s%3N)
    while [ $n -lt 70 ]; do
        tm send-keys -t "$S" 5
        now=$(date +%s%3N)
        [ $((now - last)) -gt "$max" ] && max=$((now - last))
        last=$now
        sleep 0.03
        n=$((n + 1))
    done
    sleep 1.5
    echo "$max"
}
held_ok() { # the try gave one long press: the menu, no move, no ignored press
    shows 'long press: key 5 = centre cell \(cell 5\)' && shows '< menu: ' &&
        ! cap | grep -Eq 'move: 5|ignored: key 5'
}
try=1
while gap=$(held_key) && { [ "$gap" -ge 150 ] || ! held_ok; } && [ $try -lt 5 ]; do
    echo "sim_play: held key: try $try was not one long press (the longest gap between two" \
        "sends ${gap} ms; machine busy?), try $((try + 1))"
    quit
    try=$((try + 1))
done
SIZE=80x24-held-key
check held-long 'long press: key 5 = centre cell \(cell 5\)'
check held-menu '< menu: '
checks=$((checks + 1))
if cap | grep -Eq 'move: 5|ignored: key 5'; then
    echo "sim_play: FAILED: $SIZE: a held key made a move or an ignored press:"; cap | sed 's/^/    /'; fail=1
fi
# the menu's game (7 chosen, then picked, a look between): the status names what the
# board said, not "ignored" (the pick's last line: the new game under it), and the title
# the game
tm send-keys -t "$S" 7
sleep 1.5
tm send-keys -t "$S" 7
sleep 1.5
check game-chosen "< menu: 7 chosen \\($L7: normal\\)"
check game-named 'short press: key 7 = [a-z ]+ cell \(cell 7\): new: vs ai, you x'
check game-title 'ttt-sim(-js)?: .*game: misere'
checks=$((checks + 1))
if cap | grep -Eq 'ignored: key 7'; then
    echo "sim_play: FAILED: $SIZE: the game's pick shown as ignored:"; cap | sed 's/^/    /'; fail=1
fi
quit
# shift+digit is a press past the firmware's menu hold (sim/board_model.h, SHIFT_MS): shift+5
# opens the menu; then a digit and shift+digit of the same cell in one write (within the
# digit's auto-repeat hold) are a tap and then a long press, not one press: the tap chooses
# the cell and the long press, a lean past the menu's hold, closes the menu; then two
# unhurried taps pick (O)
start 80 24
SIZE=80x24-shift-digit
tm send-keys -t "$S" %
sleep 3.5
check shift-5-menu '< menu: '
check shift-5-status 'long press: key 5 = centre cell \(cell 5\)'
tm send-keys -t "$S" 2 @
sleep 4
check digit-then-shift-tap '< menu: 2 chosen'
check digit-then-shift-long '< menu: closed, nothing changed'
tm send-keys -t "$S" %
sleep 3.5
tm send-keys -t "$S" 2
sleep 1.5
tm send-keys -t "$S" 2
sleep 2
check two-taps-pick 'new: vs ai, you o'
quit
if [ -n "$DUTY" ]; then
    start 80 24 "$DUTY"
    SIZE=80x24-brightness-full
    check full-cell '43m   2   '
    check dim-cell-full '48;5;136m 1 25% '
    check dim-cell-centre '48;5;136m 5 25% '
    tm send-keys -t "$S" : 0 Enter
    sleep 1
    SIZE=80x24-brightness-night
    check night-cell '48;5;94m 2  6% '
    check night-dim-cell '48;5;58m 1  2% '
    quit
fi
[ "$fail" -eq 0 ] || exit 1
echo "sim_play: ok ($checks checks in tmux at 80x24 (compact) and 110x45 (full): grid, key help, >= 4 console lines, press -> red cell + AI answer, status names the cell also in keypad mode, ':help' answered, arrow keys keep a line, Esc drops it, F7 presses nothing, '?' menu legend and how to read the board (colours, game over, analysis, statistics), no line over 72 columns, console lines wrapped at words, 'q' exits 0; a press on a taken cell shows 'ignored'; 50x12 gets a clear message and its keys do nothing; two quick taps are two moves; a held (auto-repeated) key is one long press; shift+5 opens the menu, a digit and shift+digit are a tap and a long press, two unhurried taps pick; the statistics' menu pick named, not ignored${DUTY:+; cells drawn as bright as lit, full and dim, at full and night brightness}$( [ "${SOUND_MARK:-0}" = 1 ] && echo "; the note mark while a tone plays"))"
