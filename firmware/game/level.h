/* firmware/game/level.h - the AI's levels (pure C; firmware/README.md, "Levels"). */
#ifndef LEVEL_H
#define LEVEL_H
#include <stdint.h>
#include "position.h"
#include "state.h"

enum { LEVEL_PERFECT = 0, LEVEL_MEDIUM = 1, LEVEL_EASY = 2, LEVELS = 3 };

/* In 256ths: the chance to overlook the opponent's threat (not to block it), and, with no
 * threat on the board, to play any empty cell instead of a perfect move. */
#define LEVEL_MEDIUM_OVERLOOK_256 51u
#define LEVEL_MEDIUM_SHALLOW_256 77u
#define LEVEL_EASY_OVERLOOK_256 128u
#define LEVEL_EASY_SHALLOW_256 128u
/* Misère: a mistake not made by those odds gets a second chance at these, so a greedy
 * child meets the same bands as in the other games (make bench, misere_level_*): misère's
 * perfect player punishes the child's own mistakes more often. */
#define LEVEL_MISERE_MEDIUM_AGAIN_256 102u
#define LEVEL_MISERE_EASY_AGAIN_256 240u

/* The high byte of the next state of x = 25173 x + 13849 (mod 2^16), period 65536. */
uint8_t level_rand(uint16_t *state);
/* The set a level draws from under `rule` (state.h; a mask of empty cells), drawing its
 * chances from *state: a win in one if there is one; else at perfect the game's every
 * perfect move (play_best_cells()); else a mistake by the level's odds or the perfect
 * set (the mistakes: firmware/README.md, "Levels").
 * Precondition: s legal under the rule, not over. */
uint16_t level_cells_rule(uint8_t rule, const state_t *s, uint8_t level, uint16_t *state);
/* The AI's cell at `level`: one draw picks among level_cells_rule() uniformly (each of n
 * cells takes 256 / n draws, within one). */
uint8_t level_pick_rule(uint8_t rule, const state_t *s, uint8_t level, uint16_t *state);
/* The same in the normal game on a board (tests). Precondition: p legal, unfinished. */
uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state);
/* The cell that draw r picks from `cells` (non-empty). */
uint8_t level_nth(uint16_t cells, uint8_t r);

#endif
