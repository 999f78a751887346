/* hal/avr/fuses.c - the fuse bytes for `make fuses` (firmware/README.md, "Supply and
 * EEPROM"). */
#include <avr/io.h>

FUSES = {
    .low = 0xFF,
    .high = 0xDE,
    .extended = 0xFC,
};
