/* hal/avr/fuses.c - the fuse bytes, in the ELF's .fuse section for `make fuses` (why:
 * firmware/README.md, "Supply and EEPROM"; bits: datasheet 28.2):
 *   low 0xFF: full-swing crystal, 16 MHz, no /8, slowly rising power
 *   high 0xDE: ISP on, 512-byte boot section for optiboot, reset starts the bootloader
 *   extended 0xFC: brown-out reset at 4.3 V (the Uno's 0xFD: 2.7 V) */
#include <avr/io.h>

FUSES = {
    .low = 0xFF,
    .high = 0xDE,
    .extended = 0xFC,
};
