/* firmware/game/stats.h - the settings and statistics kept in EEPROM, the older record
 * they migrate from, range checks, counting (pure C; firmware/README.md, "Supply and
 * EEPROM"). */
#ifndef STATS_H
#define STATS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "leds.h"
#include "level.h"
#include "mode.h"
#include "sounds.h"
#include "state.h" /* RULE_*: the games */

/* Per table: the person's win, draw, loss (two players: x wins, draw, o wins), and
 * games abandoned after the person moved. */
enum { STATS_WIN = 0, STATS_DRAW = 1, STATS_LOSS = 2, STATS_ABANDONED = 3, STATS_KINDS = 4 };
#define STATS_RESULTS 3u
/* Tables: vs the AI, mode * LEVELS + level; then two players. */
#define STATS_TABLES (2u * LEVELS + 1u)
#define STATS_TABLE_2P (2u * LEVELS)

/* Record ids (hal/eeprom_store.h); record 0, the older format's, is only read. Record
 * STATS_REC_STATS + rule holds the statistics of game `rule` (RULE_*): 2 the normal
 * game's, 3 misère's, 4 fading's. */
#define STATS_REC_OLD 0u
#define STATS_REC_SETTINGS 1u
#define STATS_REC_STATS 2u
#define STATS_FORMAT 0x72u
#define STATS_FORMAT_OLD 0x71u
/* Counters saturate here (shown as numbers on the console). */
#define STATS_COUNT_MAX 60000u

/* The settings (record 1), one table: X(field, values, default), each a byte from 0 to
 * values - 1, in the record's order after its format byte. A new one goes last, so that
 * the record's older layouts are its first bytes: `sound` is not in the 5-byte record
 * before it, `game` not in the 6-byte one. The colour-blind cues are on by default
 * (firmware/README.md, "Colour-blind display"). */
#define STATS_SETTINGS(X)                                                                          \
    X(mode, GAME_MODES, GAME_MODE_AI_X)                 /* GAME_MODE_* */                          \
    X(level, LEVELS, LEVEL_PERFECT)                     /* LEVEL_*: of the next game */            \
    X(color_blind, 2u, 1u)                              /* 0 or 1 */                               \
    X(brightness, LEDS_BRIGHT_LEVELS, LEDS_BRIGHT_FULL) /* LEDS_BRIGHT_* */                        \
    X(sound, SOUNDS_SETTINGS, SOUNDS_ON)                /* SOUNDS_ON, _QUIET_ONLY, _OFF */         \
    X(game, RULE_COUNT, RULE_NORMAL)                    /* RULE_*: the game in force */
#define STATS_SETTING_FIELD(field, values, dflt) uint8_t field;
typedef struct {
    uint8_t format; /* STATS_FORMAT */
    STATS_SETTINGS(STATS_SETTING_FIELD)
} settings_t;
/* Record 1 as the firmware before sound saved it: the same fields, without `sound`; and
 * before the game choice, without `game` (those records load as the normal game). */
#define STATS_SETTINGS_NO_SOUND_SIZE offsetof(settings_t, sound)
#define STATS_SETTINGS_NO_GAME_SIZE offsetof(settings_t, game)

typedef struct {
    uint8_t format; /* STATS_FORMAT */
    uint8_t before; /* 1: record 0's vs-AI games count (before levels) */
    /* Per game (RULE_*), its tables by stats_table(). */
    uint16_t games[RULE_COUNT][STATS_TABLES][STATS_KINDS];
    /* Not saved: record 0's vs-AI counts while `before` is 1, else zeros. */
    uint16_t old[2][STATS_RESULTS];
} stats_t;
/* Record 2: the bytes before the normal game's tables, and them; records 3 and 4: the
 * other games' tables. */
#define STATS_SAVED_SIZE offsetof(stats_t, games[1])
#define STATS_GAME_SIZE sizeof(((stats_t *)0)->games[0])

/* Record 0 as the older firmware saved it. */
typedef struct {
    uint8_t format;   /* STATS_FORMAT_OLD */
    uint8_t reserved; /* 0 */
    uint16_t n[GAME_MODES][STATS_RESULTS];
    uint8_t settings_format; /* STATS_FORMAT_OLD */
    uint8_t mode;
    uint8_t level;
} stats_old_t;
#define STATS_OLD_SIZE (offsetof(stats_old_t, level) + 1u)

/* stats_load()'s `found`, and its result. */
enum {
    STATS_HAVE_SETTINGS = 1,  /* record 1 loaded */
    STATS_HAVE_STATS = 2,     /* record 2 loaded */
    STATS_HAVE_OLD = 4,       /* record 0 loaded */
    STATS_WRITTEN = 8,        /* record 0 or 2 written, valid or not */
    STATS_HAVE_NO_SOUND = 16, /* record 1 loaded in the layout before sound */
    STATS_HAVE_NO_GAME = 32,  /* record 1 loaded in the layout before the game choice */
    STATS_SAVE_SETTINGS = 1,  /* save record 1 (game_t.save bits) */
    STATS_SAVE_STATS = 2,     /* save record 2; STATS_SAVE_STATS << rule: the game's record */
    STATS_SAVE_ALL = STATS_SAVE_STATS * ((1 << RULE_COUNT) - 1), /* every game's */
    STATS_SAY_RESET = STATS_SAVE_STATS << RULE_COUNT /* the statistics were unreadable */
};
/* The save bit of a game's statistics. */
static inline uint8_t stats_save_of(uint8_t rule)
{
    return (uint8_t)(STATS_SAVE_STATS << rule);
}
/* After the loads: all in range, what is missing migrated from record 0. */
uint8_t stats_load(settings_t *s, stats_t *st, const stats_old_t *old, uint8_t found);

void stats_settings_default(settings_t *s);
bool stats_settings_valid(const settings_t *s); /* the format, and every setting in range */
/* A statistics bar's height in rows, 0 to BARS_ROWS (bars.h), for `count` of the largest
 * count `top`: the largest all rows, the others to the nearest row (a half up), a count
 * that is not 0 at least one. Both are halved until top is below 2048 (16-bit sums);
 * a count above top is a full bar. */
uint8_t stats_bar_rows(uint16_t count, uint16_t top);
void stats_clear(stats_t *st);
bool stats_valid(const stats_t *st);
bool stats_counts_valid(const uint16_t *n, uint8_t count); /* each at most the maximum */
/* The table of `mode` at `level`. */
static inline uint8_t stats_table(uint8_t mode, uint8_t level)
{
    return (uint8_t)(mode >= GAME_MODE_2P ? STATS_TABLE_2P : (unsigned)mode * LEVELS + level);
}
/* One game of `rule` (RULE_*) in `mode` at `level` of kind STATS_* (else nothing),
 * saturating. */
static inline void stats_count(stats_t *st, uint8_t rule, uint8_t mode, uint8_t level, uint8_t kind)
{
    uint16_t *n;
    if (rule < RULE_COUNT && mode < GAME_MODES && level < LEVELS && kind < STATS_KINDS) {
        n = &st->games[rule][stats_table(mode, level)][kind];
        if (*n < STATS_COUNT_MAX) {
            (*n)++;
        }
    }
}

#endif
