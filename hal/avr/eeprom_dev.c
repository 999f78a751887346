/* hal/avr/eeprom_dev.c - the byte device under hal/eeprom_store.c: the ATmega328P's
 * 1 KB EEPROM via avr-libc. eeprom_write_byte() waits for the previous write (EEPE) and
 * does the timed EEMPE/EEPE sequence with interrupts off, so the 2 kHz ISR cannot
 * break it; each write takes 3.3 ms (datasheet table 8-2, 26368 cycles of the 1 MHz
 * calibrated RC oscillator). Main-loop context only. */
#include "eeprom_dev.h"

#include <avr/eeprom.h>

_Static_assert(EEPROM_DEV_SIZE == E2END + 1u, "the ATmega328P has 1024 bytes of EEPROM");

uint8_t eeprom_dev_read(uint16_t addr)
{
    return eeprom_read_byte((const uint8_t *)(uintptr_t)addr);
}

void eeprom_dev_write(uint16_t addr, uint8_t value)
{
    eeprom_write_byte((uint8_t *)(uintptr_t)addr, value);
}
