/* firmware/game/level.h - the AI's levels: perfect, or with the level's odds a uniformly
 * random other empty cell (pure C). */
#ifndef LEVEL_H
#define LEVEL_H
#include <stdint.h>
#include "position.h"

/* Chance of another cell, in 256ths (firmware/README.md, "Menu"). */
#define LEVEL_MEDIUM_MISTAKE_256 64u
#define LEVEL_EASY_MISTAKE_256 154u

/* The high byte of the next state of x = 25173 x + 13849 (mod 2^16), period 65536. */
uint8_t level_rand(uint16_t *state);
/* Precondition: p legal, unfinished. The AI's cell at `level`: engine_move(), or with
 * the level's odds another empty cell (one draw, then at most 128 more). */
uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state);

#endif
