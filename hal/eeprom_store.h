/* hal/eeprom_store.h - power-safe records in EEPROM (contract).
 * A record is up to EEPROM_RECORD_MAX bytes of payload stored with a sequence number
 * and CRC-16 in one of two slots; writes go to the older slot, so a reset at any
 * instant leaves the old or the new record readable, never garbage.
 *
 * Saving runs in the background: eeprom_store_start() takes a copy of the record and
 * returns at once; eeprom_store_poll(), called every main-loop pass, starts at most one
 * byte write per call (a byte takes 3.3 ms to program, the CPU does not wait). Before
 * each byte the supply is measured: below EEPROM_STORE_VCC_MIN_DV the save pauses (the
 * slot stays uncommitted, so the old record stays the valid one) until it recovers. */
#ifndef HAL_EEPROM_STORE_H
#define HAL_EEPROM_STORE_H
#include <stdint.h>

#define EEPROM_RECORD_MAX 48
/* Lowest supply (0.1 V) at which a byte is written: above the ATmega328P's 16 MHz
 * safe-operating line (3.78 V, datasheet figure 29-1 between 10 MHz at 2.7 V and 20 MHz
 * at 4.5 V) with margin, and no higher than a USB port's worst 4.4 V read 9 % low (the
 * bandgap's spread, power.h): 4.0 V. */
#define EEPROM_STORE_VCC_MIN_DV 40u

/* Forget any save under way (power-on state; the chip's RAM starts that way). */
void eeprom_store_init(void);
/* Read the newest valid record of `id` (0..3) into buf (len bytes). Returns 1 if a valid
 * record was found, 0 if none (then buf is left untouched: the caller uses defaults).
 * Only while no save is under way. */
uint8_t eeprom_store_load(uint8_t id, void *buf, uint8_t len);
/* Begin saving a record (copied now). Returns 1 if the save began (or the record is
 * already stored as given: nothing to write), 0 if a save is still under way or the
 * arguments are bad. */
uint8_t eeprom_store_start(uint8_t id, const void *buf, uint8_t len);
/* Advance the save under way: at most one byte write started per call. */
void eeprom_store_poll(void);
/* 1 while a save is under way. */
uint8_t eeprom_store_busy(void);
/* 1 while the save under way waits for the supply to recover. */
uint8_t eeprom_store_waiting_vcc(void);
/* Since init: saves whose read-back failed, and times a save had to wait for the
 * supply to recover. */
uint16_t eeprom_store_failures(void);
uint16_t eeprom_store_vcc_refusals(void);

#endif
