/* hal/eeprom_store.h - power-safe records in EEPROM (contract).
 * A record is up to EEPROM_RECORD_MAX bytes of payload stored with a sequence number
 * and CRC-16 in one of two slots; writes go to the older slot, so a reset at any
 * instant leaves the old or the new record readable, never garbage. */
#ifndef HAL_EEPROM_STORE_H
#define HAL_EEPROM_STORE_H
#include <stdint.h>

#define EEPROM_RECORD_MAX 48

/* Read the newest valid record of `id` (0..3) into buf (len bytes). Returns 1 if a valid
 * record was found, 0 if none (then buf is left untouched: the caller uses defaults). */
uint8_t eeprom_store_load(uint8_t id, void *buf, uint8_t len);
/* Write a record (only the bytes that change are programmed). Returns 1 on success. */
uint8_t eeprom_store_save(uint8_t id, const void *buf, uint8_t len);

#endif
