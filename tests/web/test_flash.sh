#!/bin/sh
# tests/web/test_flash.sh - the page's flasher (sim/web/src/stk500.js) run by
# build/web/ttt-flash-js against the simulated Uno running the real optiboot, in the
# harness of `make flash-sim` (build/sim/ttt-flash-sim -c, in avrdude's place):
#   - a clean flash: memory equals the hex byte for byte, bootloader intact, the image
#     boots to `ttt: ready`, the reset-cause checks pass;
#   - twin of avrdude: the 32 KB flash after it equals the flash after `avrdude -c arduino`;
#   - faults, each with its message: another chip's signature, a port that never
#     answers, the link cut in page 26 then a second flash that succeeds, a bit
#     flipped in page 30 (read-back mismatch at its address), an oversize hex and a hex
#     with a bad checksum (refused before the port is opened);
#   - self-tests: the harness fails a `-x` run whose programmer succeeds, and the twin
#     comparison sees one changed byte;
#   - the harness's -t: a host pausing 1.5 s between commands finds the bootloader gone
#     (optiboot's 1 s timeout), and still there with -t; the pause is on the simulated
#     clock (tests/web/slow_host.py), so a busy machine changes neither outcome.
# Usage: BOOT_BAUD=N test_flash.sh TTT_FLASH_SIM TTT_FLASH_JS OPTIBOOT.hex FIRMWARE.hex OUT_DIR
# (BOOT_BAUD: optiboot's speed, hal/uart.h's UART_BOOT_BAUD; tests/web/web.mk passes it)
set -u
SIM=$1 JS=$2 BOOT=$3 HEX=$4 OUT=$5
BAUD=${BOOT_BAUD:?set BOOT_BAUD (tests/web/web.mk does)}
mkdir -p "$OUT"
fail=0 checks=0
bad() { echo "web_flash: FAILED: $*"; fail=1; }
# run NAME [harness options]: the harness with ttt-flash-js; its output in OUT/NAME.out,
# the flasher's in OUT/NAME.log
run() {
    name=$1; shift
    "$SIM" -b "$BAUD" -c "$JS" "$@" "$OUT/$name.log" > "$OUT/$name.out" 2>&1
}
ok_run() { # ok_run NAME OPTIONS... (the last two: BOOTLOADER IMAGE)
    checks=$((checks + 1))
    name=$1
    if ! run "$@"; then
        bad "$name: the harness says:"; sed 's/^/    /' "$OUT/$name.out"
        return 1
    fi
}
says() { # says NAME TEXT: the flasher printed TEXT
    checks=$((checks + 1))
    grep -qF -- "$2" "$OUT/$1.log" || { bad "$1: no '$2' in:"; sed 's/^/    /' "$OUT/$1.log"; }
}

# The image's size and pages (128 B each) from its hex: the messages name them.
avr-objcopy -I ihex -O binary "$HEX" "$OUT/image.bin"
PAGES=$(( ($(wc -c < "$OUT/image.bin") + 127) / 128 ))

# 1. a clean flash, and the same with avrdude: the same memory
ok_run clean -o "$OUT/clean.bin" "$BOOT" "$HEX" && says clean 'board: ttt: ready'
checks=$((checks + 1))
if "$SIM" -b "$BAUD" -n -o "$OUT/avrdude.bin" "$BOOT" "$HEX" "$OUT/avrdude.log" > "$OUT/avrdude.out" 2>&1; then
    checks=$((checks + 1))
    cmp -s "$OUT/clean.bin" "$OUT/avrdude.bin" || bad "twin: the flash after ttt-flash-js differs from the flash after avrdude: $(cmp "$OUT/clean.bin" "$OUT/avrdude.bin")"
else
    bad "avrdude on the same harness failed:"; sed 's/^/    /' "$OUT/avrdude.out"
fi
# self-test of that comparison: one byte changed (its bits inverted, whatever the image
# holds there) must be seen
checks=$((checks + 1))
cp "$OUT/avrdude.bin" "$OUT/planted.bin"
byte=$(od -An -tu1 -j 4660 -N 1 "$OUT/planted.bin" | tr -d ' ')
printf "\\$(printf %o $((255 - byte)))" | dd of="$OUT/planted.bin" bs=1 seek=4660 conv=notrunc 2>/dev/null
! cmp -s "$OUT/clean.bin" "$OUT/planted.bin" || bad "self-test: the twin comparison missed a changed byte"

# 2. faults
ok_run signature -x -s 1e9406 "$BOOT" "$HEX" &&
    says signature 'its bootloader reports signature 1E 94 06, an ATmega168. Nothing was written.'
ok_run mute -x -m "$BOOT" "$HEX" &&
    says mute 'No answer from the board on this port. It may be the wrong port, a board without a bootloader, or a port busy in another program'
ok_run cut -k 25 -o "$OUT/cut.bin" "$BOOT" "$HEX" &&
    says cut "The flash is incomplete: the link to the board was lost while writing page 26 of $PAGES (0x0C80). The bootloader is intact" &&
    says cut 'board: ttt: ready'
checks=$((checks + 1))
cmp -s "$OUT/clean.bin" "$OUT/cut.bin" || bad "cut: the flash after the second flash differs from a clean flash"
# page write 30 is the page at 29 * 128 = 0x0E80; data byte 5 (from 0) is flipped
ok_run flip -x -f 30 "$BOOT" "$HEX" && says flip 'Read-back mismatch at 0x0E85: wrote 0x'
head -c 32300 /dev/zero | tr '\000' '\377' > "$OUT/big.bin"
avr-objcopy -I binary -O ihex "$OUT/big.bin" "$OUT/big.hex"
ok_run oversize -x "$BOOT" "$OUT/big.hex" &&
    says oversize 'the image is 32,300 bytes, and only 32,256 fit below the Uno'"'"'s bootloader (optiboot, at 0x7E00). Nothing was written.'
checks=$((checks + 1))
grep -q 'bytes to chip 0,' "$OUT/oversize.out" || bad "oversize: bytes reached the port"
sed '3s/..\(\r\{0,1\}\)$/00\1/' "$HEX" > "$OUT/checksum.hex"
ok_run checksum -x "$BOOT" "$OUT/checksum.hex" && says checksum 'line 3: bad checksum. Nothing was written.'
# self-test of -x: a flash that succeeds must fail the harness
checks=$((checks + 1))
run planted -x "$BOOT" "$HEX" && bad "self-test: the harness passed a -x run whose flash succeeded"

# -t (used by the browser test): the clock waits for a host that pauses between commands
# (its 1.5 s on the simulated clock, through the harness's clock channel)
for t in "" -t; do
    checks=$((checks + 1))
    "$SIM" -b "$BAUD" -x $t -c tests/web/slow_host.py "$BOOT" "$HEX" "$OUT/slow$t.log" > "$OUT/slow$t.out" 2>&1
    want=2; [ -n "$t" ] && want=1
    grep -q "resets into the bootloader $want," "$OUT/slow$t.out" && grep -q 'every answer came' "$OUT/slow$t.log" ||
        { bad "slow host${t:+ with $t}: want $want reset(s) into the bootloader:"; sed 's/^/    /' "$OUT/slow$t.out"; }
done

node_s=$(sed -n 's/.*flash_seconds_sim \([0-9.]*\).*/\1/p' "$OUT/clean.out")
avrdude_s=$(sed -n 's/.*flash_seconds_sim \([0-9.]*\).*/\1/p' "$OUT/avrdude.out")
if [ $fail -ne 0 ]; then
    exit 1
fi
echo "web_flash: ok ($checks checks: ttt-flash-js into the simulated optiboot, flash equal to the hex" \
    "and to avrdude's, bootloader intact, banner; wrong signature, no answer, link cut then" \
    "flashed again, bit flipped, oversize and bad hex each refused with its message;" \
    "${node_s} s simulated, avrdude ${avrdude_s} s)"
