/* firmware/game/records.c - the game's records through the HAL's EEPROM store
 * (firmware/README.md, "Inside the firmware"); the ids, layouts and migrations are stats.h's. */
#include "records.h"

#include <string.h>

#include "eeprom_store.h"

uint8_t records_load(game_t *g)
{
    static stats_old_t old; /* static: off boot's stack, the deepest */
    uint8_t found = 0;
    if (eeprom_store_load(STATS_REC_SETTINGS, &g->settings, sizeof g->settings)) {
        found |= STATS_HAVE_SETTINGS;
    } else if (eeprom_store_load(STATS_REC_SETTINGS, &g->settings, STATS_SETTINGS_NO_GAME_SIZE)) {
        found |= STATS_HAVE_NO_GAME;
    } else if (eeprom_store_load(STATS_REC_SETTINGS, &g->settings, STATS_SETTINGS_NO_SOUND_SIZE)) {
        found |= STATS_HAVE_NO_SOUND;
    }
    if (eeprom_store_load(STATS_REC_STATS, &g->stats, STATS_SAVED_SIZE)) {
        found |= STATS_HAVE_STATS;
    }
    if (eeprom_store_load(STATS_REC_OLD, &old, STATS_OLD_SIZE)) {
        found |= STATS_HAVE_OLD;
    }
    if (eeprom_store_written(STATS_REC_OLD) || eeprom_store_written(STATS_REC_STATS)) {
        found |= STATS_WRITTEN;
    }
    found = stats_load(&g->settings, &g->stats, &old, found);
    for (uint8_t rule = RULE_MISERE; rule < RULE_COUNT; rule++) {
        uint16_t *n = g->stats.games[rule][0];
        if (!eeprom_store_load((uint8_t)(STATS_REC_STATS + rule), n, STATS_GAME_SIZE) ||
            !stats_counts_valid(n, STATS_TABLES * STATS_KINDS)) {
            memset(n, 0, STATS_GAME_SIZE);
        }
    }
    return found;
}

void records_mark(game_t *g, uint8_t todo)
{
    g->save = (uint8_t)(todo & (STATS_SAVE_SETTINGS | STATS_SAVE_STATS));
}

/* The first changed record in order (settings, then each game's statistics), handed to
 * the store if it takes one now (it refuses only while a save is under way). */
void records_save(game_t *g)
{
    const void *buf = &g->settings;
    uint8_t id = STATS_REC_SETTINGS, len = sizeof g->settings, bit = STATS_SAVE_SETTINGS;
    for (uint8_t rule = RULE_NORMAL; !(g->save & bit) && rule < RULE_COUNT; rule++) {
        buf = rule == RULE_NORMAL ? (const void *)&g->stats : g->stats.games[rule];
        id = (uint8_t)(STATS_REC_STATS + rule);
        len = rule == RULE_NORMAL ? STATS_SAVED_SIZE : STATS_GAME_SIZE;
        bit = stats_save_of(rule);
    }
    if ((g->save & bit) && eeprom_store_start(id, buf, len)) {
        g->save &= (uint8_t)~bit;
    }
}

bool records_saving(const game_t *g)
{
    return g->save || eeprom_store_busy();
}
