/* firmware/game/level.h - the AI's difficulty levels and their pseudo-random mistakes
 * (pure C). Perfect always plays engine_move(); medium and easy replace it, with a
 * fixed probability, by a uniformly chosen other empty cell. Never an illegal move. */
#ifndef LEVEL_H
#define LEVEL_H
#include <stdint.h>
#include "position.h"

/* Chance, in 256ths, that a level plays a deliberate non-perfect move (25 %, 60 %). */
#define LEVEL_MEDIUM_MISTAKE_256 64u
#define LEVEL_EASY_MISTAKE_256 154u

/* The high byte of the next state of x = 25173 x + 13849 (mod 2^16), period 65536. */
uint8_t level_rand(uint16_t *state);
/* Precondition: p legal, unfinished. The AI's cell at `level`: engine_move(), or with
 * the level's odds another empty cell (one draw, then at most 128 more). */
uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state);

#endif
