/* hal/eeprom_dev.h - HAL-internal byte device under the record store: hal/avr/
 * eeprom_dev.c uses the chip's 1 KB EEPROM, hal/host/eeprom_dev.c a 1024-byte array
 * that can lose power after N writes. */
#ifndef HAL_EEPROM_DEV_H
#define HAL_EEPROM_DEV_H
#include <stdint.h>

#define EEPROM_DEV_SIZE 1024u

/* 1 when no byte write is under way (reads and a new write may start). */
uint8_t eeprom_dev_ready(void);
/* Read one byte; waits while a write is under way (at most one write time). */
uint8_t eeprom_dev_read(uint16_t addr);
/* Start programming one byte and return at once; the device is busy for one EEPROM
 * write time (3.3 ms on the ATmega328P, datasheet table 8-2). Call only when ready. */
void eeprom_dev_write(uint16_t addr, uint8_t value);

#endif
