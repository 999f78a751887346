/* firmware/game/records.h - the game's settings and statistics in EEPROM: which record of
 * the HAL's store (hal/eeprom_store.h) holds what, the load with its migration from the
 * older record, and the saves (firmware/README.md, "Supply and EEPROM"). */
#ifndef RECORDS_H
#define RECORDS_H
#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* Before game_init(): the records into g (STATS_SAY_RESET: statistics unreadable).
 * records_mark(), after game_init(): save what the load repaired. */
uint8_t records_load(game_t *g);
void records_mark(game_t *g, uint8_t todo);
/* One changed record to the store per call, when it takes one. */
void records_save(game_t *g);
/* A change not yet in EEPROM: not handed to the store, or its save still under way. */
bool records_saving(const game_t *g);

#endif
