/* firmware/game/records.h - the game's settings and statistics in EEPROM: which record of
 * the HAL's store (hal/eeprom_store.h) holds what, the load with its migration from the
 * older record, and the saves (firmware/README.md, "Supply and EEPROM"). */
#ifndef RECORDS_H
#define RECORDS_H
#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* Before game_init(): the records into g, in range, what is missing migrated; the
 * result's STATS_SAY_RESET: the statistics were unreadable. Marks for saving what the
 * load repaired; call after game_init(), which clears the marks. */
uint8_t records_load(game_t *g);
void records_mark(game_t *g, uint8_t todo);
/* A changed record to the store, one per call, if the store takes it (a change during a
 * save is saved after it). */
void records_save(game_t *g);
/* A change not yet in EEPROM: not handed to the store, or its save still under way. */
bool records_saving(const game_t *g);

#endif
