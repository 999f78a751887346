/* firmware/game/stats.c - defaults, range checks and counting for the EEPROM records.
 * Invariant: a settings_t/stats_t that passed *_valid() (or came from a default) has
 * every field in range, so the game never sees an out-of-range mode or level. */
#include "stats.h"
#include <string.h>

void stats_settings_default(settings_t *s)
{
    s->format = STATS_FORMAT;
    s->mode = GAME_MODE_AI_X;
    s->level = LEVEL_PERFECT;
}

uint8_t stats_settings_valid(const settings_t *s)
{
    return s->format == STATS_FORMAT && s->mode < GAME_MODES && s->level < LEVELS;
}

void stats_clear(stats_t *st)
{
    memset(st, 0, sizeof *st);
    st->format = STATS_FORMAT;
}

uint8_t stats_valid(const stats_t *st)
{
    if (st->format != STATS_FORMAT || st->reserved != 0) {
        return 0;
    }
    for (uint8_t m = 0; m < GAME_MODES; m++) {
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            if (st->n[m][k] > STATS_COUNT_MAX) {
                return 0;
            }
        }
    }
    return 1;
}

void stats_count(stats_t *st, uint8_t mode, uint8_t kind)
{
    if (mode < GAME_MODES && kind < STATS_KINDS && st->n[mode][kind] < STATS_COUNT_MAX) {
        st->n[mode][kind]++;
    }
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
