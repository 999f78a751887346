#!/bin/sh
# tests/image/check_dispatch.sh - a table entry without its handler does not build: a
# console command added to commands.h with no con_do_ function, and a menu action added
# to menu.h with no menu_pick_ / menu_look_ functions, must each fail to compile; the
# tables as they are must compile (the control). The planted header and the source are
# copies in a scratch folder (a quoted include looks in the source's own folder first);
# the tree is not touched.
#   usage: tests/image/check_dispatch.sh CC "CFLAGS" SCRATCH
set -u
CC=$1 CFLAGS=$2 DIR=$3
mkdir -p "$DIR"
fails=0
# plant NAME HEADER SOURCE SED-SCRIPT MESSAGE: the source must fail with MESSAGE
plant() {
    rm -rf "${DIR:?}/$1" && mkdir -p "$DIR/$1"
    sed "$4" "$2" > "$DIR/$1/$(basename "$2")"
    cp "$3" "$DIR/$1/"
    if cmp -s "$2" "$DIR/$1/$(basename "$2")"; then
        echo "check_dispatch: $1: the planted line did not go in"; fails=$((fails + 1)); return
    fi
    # shellcheck disable=SC2086
    if $CC $CFLAGS -c "$DIR/$1/$(basename "$3")" -o "$DIR/$1/out.o" > "$DIR/$1/log" 2>&1; then
        echo "check_dispatch: FAILED: $1 built"; fails=$((fails + 1))
    elif grep -q "$5" "$DIR/$1/log"; then
        echo "check_dispatch: $1: does not build ($5)"
    else
        echo "check_dispatch: FAILED: $1 failed for another reason:"; cat "$DIR/$1/log"
        fails=$((fails + 1))
    fi
}
for src in firmware/console/console.c firmware/game/menu.c; do
    # shellcheck disable=SC2086
    $CC $CFLAGS -c "$src" -o "$DIR/control.o" || { echo "check_dispatch: $src does not build"; exit 1; }
done
plant command firmware/console/commands.h firmware/console/console.c \
    's/^\(    X(BOARD, \)/    X(PING, "ping", "", "pong") \1/' "con_do_PING. used but never defined"
plant menu-action firmware/game/menu.h firmware/game/menu.c \
    's/^\(    A(MODE)\)/    A(SCORES) \1/' "menu_pick_SCORES. used but never defined"
[ $fails -eq 0 ] && echo "check_dispatch: a table entry without its handler does not build (commands, menu actions)"
exit $fails
