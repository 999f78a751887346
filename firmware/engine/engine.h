/* firmware/engine/engine.h - the perfect player: the PROGMEM table, the solver as its
 * fallback (pure C). "Perfect" and the tie-break: firmware/engine/README.md. */
#ifndef ENGINE_H
#define ENGINE_H
#include <stdbool.h>
#include <stdint.h>

#include "position.h"

enum { ENGINE_LOSS = -1, ENGINE_DRAW = 0, ENGINE_WIN = 1 };

typedef struct {
    int8_t result; /* ENGINE_WIN / DRAW / LOSS for the side to move */
    uint8_t plies; /* plies until the game ends under perfect play */
} engine_outcome_t;

/* Init: check the table's CRC (a mismatch hands every answer to the solver); true:
 * the table is in use. engine_use_table(): the same for another image (tests). */
bool engine_init(void);
bool engine_use_table(const uint8_t *table);

/* Runtime. Answers stay perfect whichever answers them. */
bool engine_table_ok(void);   /* false once the solver has taken over (CRC, a bad answer) */
uint8_t engine_move(pos_t p); /* precondition: legal, unfinished; an empty cell 0..8 */
/* Precondition: legal, unfinished. Every perfect move (a mask of cells, engine_move()'s
 * among them): the same result in the same number of plies as the best. */
uint16_t engine_best_cells(pos_t p);
/* Precondition: legal (finished boards too: LOSS or DRAW in 0 plies); at most 9 plies
 * of engine_move() played out. */
engine_outcome_t engine_outcome(pos_t p);

#endif
