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

void stats_split9(const stats_t *st, uint8_t mode, uint8_t out[STATS_KINDS])
{
    uint16_t a[STATS_KINDS];
    uint16_t rem[STATS_KINDS];
    uint16_t total;
    uint8_t used = 0;
    uint8_t big;
    /* Scale the counts down (rounding up, so no kind vanishes) until 9 * total fits
     * 16 bits: 16-bit arithmetic only, no 32-bit division on the AVR. */
    for (uint8_t k = 0; k < STATS_KINDS; k++) {
        a[k] = st->n[mode][k];
    }
    do {
        big = 0;
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            if (a[k] > 2400u) {
                big = 1;
            }
        }
        if (big) {
            for (uint8_t k = 0; k < STATS_KINDS; k++) {
                a[k] = (uint16_t)((a[k] + 1u) / 2u);
            }
        }
    } while (big);
    total = (uint16_t)(a[0] + a[1] + a[2]);
    for (uint8_t k = 0; k < STATS_KINDS; k++) {
        out[k] = 0;
    }
    if (total == 0) {
        return;
    }
    for (uint8_t k = 0; k < STATS_KINDS; k++) {
        uint16_t scaled = (uint16_t)(9u * a[k]);
        out[k] = (uint8_t)(scaled / total);
        rem[k] = (uint16_t)(scaled % total);
        used = (uint8_t)(used + out[k]);
    }
    /* Hand the leftover cells to the largest remainders (ties: lower kind first). */
    while (used < 9) {
        uint8_t best = 0;
        for (uint8_t k = 1; k < STATS_KINDS; k++) {
            if (rem[k] > rem[best]) {
                best = k;
            }
        }
        out[best]++;
        rem[best] = 0;
        used++;
    }
}
