/* firmware/game/stats.c - defaults, range checks and counting for the EEPROM records.
 * Invariant: a settings_t/stats_t that passed *_valid() (or came from a default) has
 * every field in range, so the game never sees an out-of-range mode or level. */
#include "stats.h"
#include <string.h>

void stats_clear(stats_t *st)
{
    memset(st, 0, sizeof *st);
    st->format = STATS_FORMAT;
}

bool stats_valid(const stats_t *st)
{
    const uint16_t *n = st->n[0];
    bool ok = st->format == STATS_FORMAT && st->reserved == 0;
    for (uint8_t i = 0; i < GAME_MODES * STATS_KINDS; i++) {
        if (n[i] > STATS_COUNT_MAX) {
            ok = false;
        }
    }
    return ok;
}

void stats_record_repair(stats_record_t *r)
{
    if (!stats_settings_valid(&r->settings)) {
        stats_settings_default(&r->settings);
    }
    if (!stats_valid(&r->stats)) {
        stats_clear(&r->stats);
    }
}
