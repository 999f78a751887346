/* firmware/game/records.c - the game's records through the HAL's EEPROM store: ids 0
 * (the older format, only read), 1 (settings; read in the layouts before the game choice
 * and before sound too) and 2
 * (statistics); the layouts and the migrations are stats.h's. The store does the wear
 * levelling, CRCs and timing. */
#include "records.h"

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
    return stats_load(&g->settings, &g->stats, &old, found);
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
    }
}

bool records_saving(const game_t *g)
{
    return g->save || eeprom_store_busy();
}
