#!/bin/sh
# tests/web/flash_bench.sh - `make bench`: the simulated time to flash the firmware at
# BOOT_BAUD (hal/uart.h's UART_BOOT_BAUD) into the simulated optiboot (ttt-flash-sim's flash_seconds_sim: the host's
# think time taken out, so the same on every run), by the page's flasher (ttt-flash-js)
# and by avrdude on the same harness, and the first as a percentage of the second.
# Usage: BOOT_BAUD=N flash_bench.sh TTT_FLASH_SIM TTT_FLASH_JS OPTIBOOT.hex FIRMWARE.hex OUT_DIR
set -u
SIM=$1 JS=$2 BOOT=$3 HEX=$4 OUT=$5
BAUD=${BOOT_BAUD:?set BOOT_BAUD (tests/web/web.mk does)}
mkdir -p "$OUT"
measure() { # measure NAME [harness options]: prints the seconds
    name=$1; shift
    if ! "$SIM" -b "$BAUD" -n "$@" "$BOOT" "$HEX" "$OUT/bench-$name.log" > "$OUT/bench-$name.out" 2>&1; then
        echo "web_flash_bench: FAILED: $name:" >&2; cat "$OUT/bench-$name.out" >&2; exit 1
    fi
    sed -n 's/.*flash_seconds_sim \([0-9.]*\).*/\1/p' "$OUT/bench-$name.out"
}
web=$(measure web -c "$JS") || exit 1
avrdude=$(measure avrdude) || exit 1
awk -v w="$web" -v a="$avrdude" 'BEGIN {
    printf "web_flash_seconds_sim %.2f\navrdude_flash_seconds_sim %.2f\n", w, a
    printf "web_flash_percent_of_avrdude %d\n", 100 * w / a + 0.5 }'
