/* firmware/engine/engine.h - the perfect player: PROGMEM table with the iterative solver as
 * fallback (pure C, host and AVR).
 *
 * The perfect move keeps the game-theoretic value, wins in the fewest plies and loses in
 * the most. Ties: an immediate win (lowest cell), else a block of the opponent's
 * immediate win (lowest cell), else the lowest-numbered best cell of the canonical
 * image of the position (the least (x, o) pair under the 8 symmetries), mapped back. */
#ifndef ENGINE_H
#define ENGINE_H
#include <stdint.h>
#include "position.h"

enum { ENGINE_LOSS = -1, ENGINE_DRAW = 0, ENGINE_WIN = 1 };

typedef struct {
    int8_t result;  /* ENGINE_WIN / DRAW / LOSS for the side to move */
    uint8_t plies;  /* plies until the game ends under perfect play */
} engine_outcome_t;

/* Check the table's CRC; on a mismatch the solver answers from then on. Returns 1 if
 * the table is in use. */
uint8_t engine_init(void);
/* The same for another table image (flash on the AVR; tests pass damaged copies). */
uint8_t engine_use_table(const uint8_t *table);
/* 1 while answers come from the table, 0 once the solver has taken over: after a CRC
 * mismatch, or after the table gave a bad answer (no entry, an occupied or out-of-range
 * cell, a play-out not over within 9 plies). Either way the answers stay perfect. */
uint8_t engine_table_ok(void);
/* Perfect move (cell 0..8, always an empty cell) for a legal, unfinished position. */
uint8_t engine_move(pos_t p);
/* Outcome for the side to move of a legal position (finished boards: LOSS in 0 plies
 * when the last mover has a line, DRAW in 0 when full): a play-out of at most 9
 * engine_move() replies, so from the table while it is trusted (each move checked; a
 * bad one hands that ply and the rest to the solver). */
engine_outcome_t engine_outcome(pos_t p);

#endif
