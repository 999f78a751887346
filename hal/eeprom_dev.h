/* hal/eeprom_dev.h - HAL-internal: the byte device under the record store (the chip's
 * 1 KB EEPROM; on the host an array that can lose power after N writes). */
#ifndef HAL_EEPROM_DEV_H
#define HAL_EEPROM_DEV_H
#include <stdbool.h>
#include <stdint.h>

#define EEPROM_DEV_SIZE 1024u

bool eeprom_dev_ready(void);            /* no byte write under way */
uint8_t eeprom_dev_read(uint16_t addr); /* waits while a write is under way */
/* Precondition: ready. Starts programming one byte (3.3 ms, datasheet table 8-2). */
void eeprom_dev_write(uint16_t addr, uint8_t value);

#endif
