/* firmware/game/stats.h - the statistics and settings kept in EEPROM as one record
 * (through hal/eeprom_store.h): defaults, range checks after a load, counting (pure C). */
#ifndef STATS_H
#define STATS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "leds.h"

enum { GAME_MODE_AI_X = 0, GAME_MODE_AI_O = 1, GAME_MODE_2P = 2, GAME_MODES = 3 };
enum { LEVEL_PERFECT = 0, LEVEL_MEDIUM = 1, LEVEL_EASY = 2, LEVELS = 3 };
/* Counter slots per mode: for the person vs the AI (win, draw, loss); for two
 * players (x wins, draw, o wins). */
enum { STATS_WIN = 0, STATS_DRAW = 1, STATS_LOSS = 2, STATS_KINDS = 3 };

/* The EEPROM record's id (hal/eeprom_store.h allows 0..3). */
#define STATS_REC 0u
/* Format tag stored in each part of the record; a part with another tag is reset. */
#define STATS_FORMAT 0x71u
/* Counters saturate here (shown as numbers on the console). */
#define STATS_COUNT_MAX 60000u

typedef struct {
    uint8_t format;     /* STATS_FORMAT */
    uint8_t mode;       /* GAME_MODE_* */
    uint8_t level;      /* LEVEL_*: the level of the next game */
    uint8_t color_blind; /* 0 or 1 */
    uint8_t brightness;  /* LEDS_BRIGHT_* */
} settings_t;

typedef struct {
    uint8_t format; /* STATS_FORMAT */
    uint8_t reserved; /* 0 */
    uint16_t n[GAME_MODES][STATS_KINDS];
} stats_t;

/* The record: its size is STATS_REC_SIZE (without the padding a host compiler may add
 * at the end). */
typedef struct {
    stats_t stats;
    settings_t settings;
} stats_record_t;
#define STATS_REC_SIZE (offsetof(stats_record_t, settings) + sizeof(settings_t))

void stats_record_repair(stats_record_t *r); /* after a load: bad parts become defaults */
static inline void stats_settings_default(settings_t *s)
{
    s->format = STATS_FORMAT;
    s->mode = GAME_MODE_AI_X;
    s->level = LEVEL_PERFECT;
    s->color_blind = 0;
    s->brightness = LEDS_BRIGHT_FULL;
}
static inline bool stats_settings_valid(const settings_t *s) /* every field in range */
{
    return s->format == STATS_FORMAT && s->mode < GAME_MODES && s->level < LEVELS &&
           s->color_blind < 2u && s->brightness < LEDS_BRIGHT_LEVELS;
}
void stats_clear(stats_t *st);
bool stats_valid(const stats_t *st);
/* One finished game of `mode` of STATS_WIN/DRAW/LOSS (else nothing), saturating. */
static inline void stats_count(stats_t *st, uint8_t mode, uint8_t kind)
{
    if (mode < GAME_MODES && kind < STATS_KINDS && st->n[mode][kind] < STATS_COUNT_MAX) {
        st->n[mode][kind]++;
    }
}

#endif
