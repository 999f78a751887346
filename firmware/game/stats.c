/* firmware/game/stats.c - range checks and migration of the EEPROM records. Invariants:
 * what passed *_valid() or came from a default is in range; record 0 is only read, so a
 * migration cut short by a power cut runs again at the next start. */
#include "stats.h"
#include <string.h>

#include "bars.h"
#include "pgm.h"

_Static_assert(STATS_SAVED_SIZE == 2u + 2u * STATS_TABLES * STATS_KINDS,
               "the saved statistics have no padding");
_Static_assert(offsetof(stats_old_t, settings_format) == 20u && STATS_OLD_SIZE == 23u,
               "record 0 keeps the older firmware's layout");
_Static_assert(STATS_SETTINGS_NO_SOUND_SIZE == 5u && STATS_SETTINGS_NO_GAME_SIZE == 6u &&
                   sizeof(settings_t) == 7u,
               "record 1 before sound, before the game: the first 5, 6 bytes of today's");

/* Each setting's number of values and its default, in settings_t's order: the settings
 * are the bytes after the format. */
#define STATS_SETTING_VALUES(field, values, dflt) values,
#define STATS_SETTING_DEFAULT(field, values, dflt) dflt,
static const uint8_t stats_setting_values[] PROGMEM = {STATS_SETTINGS(STATS_SETTING_VALUES)};
static const uint8_t stats_setting_default[] PROGMEM = {STATS_SETTINGS(STATS_SETTING_DEFAULT)};
#define STATS_SETTINGS_N sizeof stats_setting_values
_Static_assert(sizeof(settings_t) == 1u + STATS_SETTINGS_N, "settings_t: the format, a byte each");

void stats_settings_default(settings_t *s)
{
    uint8_t *setting = (uint8_t *)s + 1u;
    s->format = STATS_FORMAT;
    for (uint8_t i = 0; i < STATS_SETTINGS_N; i++) {
        setting[i] = pgm_read_byte(&stats_setting_default[i]);
    }
}

bool stats_settings_valid(const settings_t *s)
{
    const uint8_t *setting = (const uint8_t *)s + 1u;
    for (uint8_t i = 0; i < STATS_SETTINGS_N; i++) {
        if (setting[i] >= pgm_read_byte(&stats_setting_values[i])) {
            return false;
        }
    }
    return s->format == STATS_FORMAT;
}

uint8_t stats_bar_rows(uint16_t count, uint16_t top)
{
    uint8_t h;
    if (count == 0u || count >= top) {
        return count ? BARS_ROWS : 0u;
    }
    while (top >= 2048u) {
        top >>= 1;
        count >>= 1;
    }
    /* BARS_ROWS * count / top + 1/2, rounded down, in 16 bits as on the chip (the host
     * computes the same): 2 * 3 * 2047 + 2047 < 2^16 */
    h = (uint8_t)((uint16_t)(2u * BARS_ROWS * count + top) / (uint16_t)(2u * top));
    return h ? h : 1u;
}

void stats_clear(stats_t *st)
{
    memset(st, 0, sizeof *st);
    st->format = STATS_FORMAT;
}

bool stats_counts_valid(const uint16_t *n, uint8_t count)
{
    bool ok = true;
    for (uint8_t i = 0; i < count; i++) {
        if (n[i] > STATS_COUNT_MAX) {
            ok = false;
        }
    }
    return ok;
}

bool stats_valid(const stats_t *st)
{
    return st->format == STATS_FORMAT && st->before <= 1u &&
           stats_counts_valid(st->games[0][0], RULE_COUNT * STATS_TABLES * STATS_KINDS) &&
           stats_counts_valid(st->old[0], 2u * STATS_RESULTS);
}

static bool stats_old_valid(const stats_old_t *old)
{
    return old->format == STATS_FORMAT_OLD && old->reserved == 0 &&
           stats_counts_valid(old->n[0], GAME_MODES * STATS_RESULTS);
}

/* The older record's mode and level, if in range. */
static bool stats_old_settings(settings_t *s, const stats_old_t *old)
{
    if (old->settings_format != STATS_FORMAT_OLD || old->mode >= GAME_MODES ||
        old->level >= LEVELS) {
        return false;
    }
    stats_settings_default(s);
    s->mode = old->mode;
    s->level = old->level;
    return true;
}

/* Two players' counts go over as they are; the vs-AI ones stay in record 0. */
static void stats_migrate(stats_t *st, const stats_old_t *old)
{
    stats_clear(st);
    st->before = 1;
    for (uint8_t k = 0; k < STATS_RESULTS; k++) {
        st->games[RULE_NORMAL][STATS_TABLE_2P][k] = old->n[GAME_MODE_2P][k];
    }
}

uint8_t stats_load(settings_t *s, stats_t *st, const stats_old_t *old, uint8_t found)
{
    uint8_t todo = 0;
    bool have_old = (found & STATS_HAVE_OLD) && stats_old_valid(old);
    if (!(found & STATS_HAVE_SETTINGS) && (found & (STATS_HAVE_NO_SOUND | STATS_HAVE_NO_GAME))) {
        if (found & STATS_HAVE_NO_SOUND) {
            s->sound = SOUNDS_ON; /* the settings before sound keep, with sound on */
        }
        s->game = RULE_NORMAL; /* and before the game choice, the normal game */
        found |= STATS_HAVE_SETTINGS;
        todo |= STATS_SAVE_SETTINGS;
    }
    if (!(found & STATS_HAVE_SETTINGS) || !stats_settings_valid(s)) {
        if ((found & STATS_HAVE_OLD) && stats_old_settings(s, old)) {
            todo |= STATS_SAVE_SETTINGS;
        } else {
            stats_settings_default(s);
        }
    }
    memset(st->old, 0, sizeof st->old);
    if (!(found & STATS_HAVE_STATS) || !stats_valid(st)) {
        if (have_old) {
            stats_migrate(st, old);
            todo |= STATS_SAVE_STATS;
        } else {
            stats_clear(st);
            if (found & STATS_WRITTEN) {
                todo |= STATS_SAVE_STATS | STATS_SAY_RESET;
            }
        }
    }
    if (st->before && !have_old) {
        /* record 0 lost since the migration */
        st->before = 0;
        todo |= STATS_SAVE_STATS | STATS_SAY_RESET;
    }
    if (st->before) {
        memcpy(st->old, old->n, sizeof st->old);
    }
    return todo;
}
