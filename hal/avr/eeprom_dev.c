/* hal/avr/eeprom_dev.c - the chip's 1 KB EEPROM (hal/README.md, "EEPROM records").
 * Main loop only. */
#include "eeprom_dev.h"

#include <avr/io.h>
#include <util/atomic.h>

_Static_assert(EEPROM_DEV_SIZE == E2END + 1u, "the ATmega328P has 1024 bytes of EEPROM");

bool eeprom_dev_ready(void)
{
    return !(EECR & (1u << EEPE));
}

uint8_t eeprom_dev_read(uint16_t addr)
{
    while (!eeprom_dev_ready()) { /* bounded: one write time, 3.3 ms */
    }
    EEAR = addr;
    EECR |= (uint8_t)(1u << EERE); /* the CPU halts 4 cycles, then EEDR holds the byte */
    return EEDR;
}

void eeprom_dev_write(uint16_t addr, uint8_t value)
{
    while (!eeprom_dev_ready()) { /* the store only calls when ready: never spins */
    }
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        EEAR = addr;
        EEDR = value;
        /* EEPM1:0 = 00 (erase + write); EEMPE, then EEPE within 4 cycles. */
        EECR = (uint8_t)(1u << EEMPE);
        EECR |= (uint8_t)(1u << EEPE);
    }
}
