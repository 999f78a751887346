/* tests/game/game_test_util.h - helpers for the game/console host tests: capture the
 * console output, drive the game with key gestures and time. */
#ifndef GAME_TEST_UTIL_H
#define GAME_TEST_UTIL_H
#include <stddef.h>
#include <stdint.h>
#include "console.h"
#include "game.h"

/* Output captured since the last gtu_take() (NUL-terminated). */
void gtu_capture_start(void);
const char *gtu_out(void);
void gtu_clear(void);
/* Number of lines in the captured output starting with `prefix`. */
unsigned gtu_count_lines(const char *prefix);
/* Start a game: blank stats, the given mode and level, greeting over. */
void gtu_start(game_t *g, uint8_t mode, uint8_t level, uint16_t seed);
void gtu_tick(game_t *g, uint32_t ms);
void gtu_ev(game_t *g, uint8_t kind, uint8_t cell);
/* PRESS, hold `ms` (LONG sent if ms >= 800), RELEASE, then 1 ms. */
void gtu_tap(game_t *g, uint8_t cell);
void gtu_long(game_t *g, uint8_t cell);
/* Run a console line. */
void gtu_line(console_t *c, game_t *g, const char *line);
/* Pure minimax reference for tests (recursive, host only): result for the side to
 * move of a legal position, +1 win, 0 draw, -1 loss. */
int gtu_minimax(pos_t p);

#endif
