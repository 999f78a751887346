/* firmware/engine/solver.h - the fallback solver: iterative alpha-beta negamax with a fixed
 * explicit stack (pure C, no recursion, no heap). */
#ifndef SOLVER_H
#define SOLVER_H
#include <stdbool.h>
#include <stdint.h>
#include "position.h"

/* Scores for the side to move, in absolute plies so that faster wins and slower losses
 * score higher: a game won by the mover with the n-th mark on the board scores 10 - n,
 * a game lost that way scores n - 10, a draw 0. */
#define SOLVER_SCORE_BASE 10
#define SOLVER_SCORE_INF 100
/* Frames: one per node that still has a choice; such a node has >= 2 empty cells. */
#define SOLVER_MAX_DEPTH 8

/* Precondition of each: p legal. Not reentrant (static frames): main loop only. */
int8_t solver_score(pos_t p); /* exact score, finished boards too (tools and tests) */
uint8_t solver_move(pos_t p); /* unfinished: the perfect move, the engine's tie-break */
/* Hard (no rule decides), k = sym_canonical(p).k: solver_move() without the rules (set
 * false); or every perfect move, a mask of cells found in one search whose root window
 * keeps ties exact (set true). */
uint16_t solver_hard(pos_t p, uint8_t k, bool set, bool misere);

/* Misère (completing a line loses), the same search and scores (the player who did not
 * complete the line wins), the rules being pos_misere_rule_cells(); the hard positions'
 * searches above with misere true. */
int8_t solver_misere_score(pos_t p);
uint8_t solver_misere_move(pos_t p);

#endif
