#!/bin/sh
# tests/hal/check_fuses.sh ELF - the fuse bytes the firmware carries (hal/avr/fuses.c)
# are the Uno's (low 0xFF, high 0xDE) with brown-out detection at 4.3 V, and
# `make fuses` writes exactly those three bytes. Decodes the fields from the bytes
# themselves (datasheet 28.2), so a wrong byte is named, not just "differs".
set -u
ELF=$1
fail() { echo "check_fuses: FAILED: $*"; exit 1; }
set -- $(avr-objcopy -j .fuse -O binary "$ELF" /dev/stdout | od -An -tx1)
[ $# -eq 3 ] || fail "$ELF has no 3-byte .fuse section"
low=$((0x$1)) high=$((0x$2)) ext=$((0x$3))
[ $low -eq 255 ] || fail "low fuse 0x$1: the Uno's is 0xFF (16 MHz crystal, no /8)"
[ $((high & 1)) -eq 0 ] || fail "high fuse 0x$2: BOOTRST unprogrammed, the bootloader would not start"
[ $(((high >> 1) & 3)) -eq 3 ] || fail "high fuse 0x$2: BOOTSZ is not the 512-byte optiboot section"
[ $(((high >> 5) & 1)) -eq 0 ] || fail "high fuse 0x$2: SPIEN unprogrammed: ISP would be locked out"
[ $(((high >> 7) & 1)) -eq 1 ] || fail "high fuse 0x$2: RSTDISBL programmed: reset pin lost"
[ $high -eq 222 ] || fail "high fuse 0x$2: the Uno's is 0xDE"
case $((ext & 7)) in
4) bod="4.3 V" ;;
5) fail "extended fuse 0x$3: BOD at 2.7 V, below 16 MHz's 3.8 V safe line" ;;
7) fail "extended fuse 0x$3: brown-out detection off" ;;
*) fail "extended fuse 0x$3: unexpected BODLEVEL $((ext & 7))" ;;
esac
cmd=$(make --no-print-directory -n fuses PROGRAMMER=usbasp 2>/dev/null | tr '\n' ' ')
for want in "-c usbasp" "-p m328p" "lfuse:w:0x\$1:m" "hfuse:w:0x\$2:m" "efuse:w:0x\$3:m"; do
    case $cmd in *"$want"*) ;; *) fail "make fuses does not run avrdude with '$want'" ;; esac
done
echo "check_fuses: ok (low 0x$1, high 0x$2, extended 0x$3: brown-out at $bod; make fuses writes them)"
