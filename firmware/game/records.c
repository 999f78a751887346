/* firmware/game/records.c - the game's records through the HAL's EEPROM store: ids 0
 * (the older format, only read), 1 (settings; read in the layouts before the game choice
 * and before sound too), 2 (the normal game's statistics) and 3, 4 (misère's and
 * fading's: missing or out of range, zeros); the layouts and the migrations are stats.h's.
 * The store does the wear levelling, CRCs and timing. */
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
    for (uint8_t i = 0; i < RULE_COUNT - 1u; i++) {
        uint16_t *n = g->stats.variants[i][0];
        if (!eeprom_store_load((uint8_t)(STATS_REC_VARIANTS + i), n, STATS_VARIANT_SIZE) ||
            !stats_counts_valid(n, STATS_TABLES * STATS_KINDS)) {
            memset(n, 0, STATS_VARIANT_SIZE);
        }
    }
    return found;
}

void records_mark(game_t *g, uint8_t todo)
{
    g->save = (uint8_t)(todo & (STATS_SAVE_SETTINGS | STATS_SAVE_STATS));
}

void records_save(game_t *g)
{
    if ((g->save & STATS_SAVE_SETTINGS) &&
        eeprom_store_start(STATS_REC_SETTINGS, &g->settings, sizeof g->settings)) {
        g->save &= (uint8_t)~STATS_SAVE_SETTINGS;
    } else if ((g->save & STATS_SAVE_STATS) &&
               eeprom_store_start(STATS_REC_STATS, &g->stats, STATS_SAVED_SIZE)) {
        g->save &= (uint8_t)~STATS_SAVE_STATS;
    } else {
        for (uint8_t i = 0; i < RULE_COUNT - 1u; i++) {
            uint8_t bit = (uint8_t)(STATS_SAVE_MISERE << i);
            if ((g->save & bit) && eeprom_store_start((uint8_t)(STATS_REC_VARIANTS + i),
                                                      g->stats.variants[i], STATS_VARIANT_SIZE)) {
                g->save &= (uint8_t)~bit;
                return;
            }
        }
    }
}

bool records_saving(const game_t *g)
{
    return g->save || eeprom_store_busy();
}
