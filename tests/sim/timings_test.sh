#!/bin/sh
# tests/sim/timings_test.sh - the simulators' key timings stand on the firmware's
# (sim/fw_timings.h, sim/board_model.h): each planted change of a firmware timing that
# breaks a relation must stop the build of the board model (as the simulators and the
# page's WebAssembly build it) with a message naming both constants, and the tree as it
# is must build. Usage: timings_test.sh CC (the host compiler)
set -u
CC=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
build() { # build DIR: compile the board model with DIR's headers first; its messages in $tmp/err
    $CC -std=c11 -fsyntax-only -DBOARD=BOARD_ID_uno_shield_r3 -I"$1" -Iboard -Isim -Ifirmware/game \
        -Ifirmware/engine -Ihal sim/board_model.c 2> "$tmp/err"
}
# plant FILE FIND REPLACE CONSTANT...: the change must fail with each CONSTANT named
plant() {
    n=$((n + 1))
    # the file's neighbours too: a header's own quoted includes look beside it first
    rm -rf "$tmp/h" && mkdir "$tmp/h" && cp "$(dirname "$1")"/*.h "$tmp/h/"
    sed -i "s/$2/$3/" "$tmp/h/$(basename "$1")"
    if cmp -s "$1" "$tmp/h/$(basename "$1")"; then
        echo "sim_timings: FAILED: '$2' not found in $1"; fail=1; return
    fi
    if build "$tmp/h"; then
        echo "sim_timings: FAILED: $3 in $1 builds"; fail=1; return
    fi
    shift 3
    for c in "$@"; do
        grep -q "$c" "$tmp/err" || { echo "sim_timings: FAILED: the message does not name $c:"; cat "$tmp/err"; fail=1; }
    done
}
build sim || { echo "sim_timings: FAILED: the board model does not build:"; cat "$tmp/err"; exit 1; }
plant firmware/game/timing.h 'X(LONG, 800,' 'X(LONG, 600,' BOARD_REPEAT_DELAY_MS GAME_LONG_MS
plant firmware/game/timing.h 'X(LONG, 800,' 'X(LONG, 60,' BOARD_PRESS_MS GAME_LONG_MS
plant firmware/game/timing.h 'X(MENU_HOLD, 2000,' 'X(MENU_HOLD, 900,' BOARD_LONG_MS GAME_MENU_HOLD_MS
plant firmware/game/timing.h 'X(STUCK, 10000,' 'X(STUCK, 2000,' BOARD_SHIFT_MS GAME_STUCK_MS
plant hal/debounce.h 'DEBOUNCE_MS 10u' 'DEBOUNCE_MS 30u' BOARD_TAP_GAP_MS DEBOUNCE_MS
[ "$fail" -eq 0 ] || exit 1
echo "sim_timings: ok (the tree builds; $n planted firmware timings each stop the build, naming both constants)"
