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

/* xorshift16 (7, 9, 8): period 65535 over the non-zero states; 0 is mapped to 1. */
uint16_t level_rand(uint16_t *state);
/* Stir outside entropy (e.g. the time of a key press) into the state. */
void level_stir(uint16_t *state, uint16_t entropy);
/* The AI's move (cell 0..8) for a legal, unfinished position at `level` (LEVEL_*).
 * Uses engine_move() and the generator `state` (one draw when there is a choice, two
 * when a mistake is made). */
uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state);

#endif
