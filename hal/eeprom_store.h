/* hal/eeprom_store.h - power-safe records in EEPROM, saved in the background (contract).
 * Slot layout, the supply check and why a power cut never leaves garbage: hal/README.md,
 * "EEPROM records". */
#ifndef HAL_EEPROM_STORE_H
#define HAL_EEPROM_STORE_H
#include <stdbool.h>
#include <stdint.h>

#define EEPROM_RECORD_MAX 59 /* a slot less its 5 bytes of header and CRC */
/* Lowest supply (0.1 V) for a write: hal/README.md, "EEPROM records". */
#define EEPROM_STORE_VCC_MIN_DV 40u

void eeprom_store_init(void);
/* Init, no save under way: record id (0..4) into buf; false: none valid, buf untouched. */
bool eeprom_store_load(uint8_t id, void *buf, uint8_t len);
/* Init: a slot of record id holds a commit marker (a record, valid or not). */
bool eeprom_store_written(uint8_t id);

/* Runtime (main loop). */
/* Copy the record and begin saving it; false: a save is under way, or bad arguments. */
bool eeprom_store_start(uint8_t id, const void *buf, uint8_t len);
void eeprom_store_poll(void);             /* at most one byte write started per call */
bool eeprom_store_busy(void);             /* a save is under way */
bool eeprom_store_waiting_vcc(void);      /* it waits for the supply to recover */
uint16_t eeprom_store_failures(void);     /* saves whose read-back failed, since init */
uint16_t eeprom_store_vcc_refusals(void); /* times a save waited for the supply */

#endif
