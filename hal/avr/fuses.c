/* hal/avr/fuses.c - the fuse bytes this firmware wants, kept in the ELF's .fuse section
 * (never in the .hex: a bootloader cannot write fuses). `make fuses PROGRAMMER=...`
 * writes them with an ISP programmer. They are the Uno's, except brown-out detection:
 *   low      0xFF  CKDIV8=1 (no /8), CKOUT=1, SUT=11, CKSEL=1111: full-swing crystal
 *                  oscillator, 16 MHz, slowly rising power (datasheet 9.2, 28.2)
 *   high     0xDE  RSTDISBL=1, DWEN=1, SPIEN=0 (ISP on), WDTON=1 (the firmware runs the
 *                  watchdog), EESAVE=1, BOOTSZ=11 (512-byte boot section for optiboot),
 *                  BOOTRST=0 (reset starts the bootloader)
 *   extended 0xFC  BODLEVEL=100: brown-out reset at 4.3 V (typ.; 4.1-4.5 V, table 29-12).
 *                  The Uno ships 0xFD (2.7 V), but at 16 MHz the chip is only specified
 *                  from about 3.8 V (figure 29-1: 10 MHz at 2.7 V to 20 MHz at 4.5 V), so
 *                  between 2.7 and 3.8 V it can misexecute and scribble on EEPROM in a
 *                  slow brown-out. A USB port gives 4.4-5.25 V, so 4.3 V never trips in
 *                  normal use. */
#include <avr/io.h>

FUSES = {
    .low = 0xFF,
    .high = 0xDE,
    .extended = 0xFC,
};
