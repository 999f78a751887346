/* firmware/engine/engine.h - the perfect player of the normal game and of misère: the
 * PROGMEM tables, the solver as their fallback (pure C). "Perfect" and the tie-break:
 * firmware/engine/README.md. */
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

/* Misère (three in a row loses; README, "Misère"): the same machinery over its own
 * table, the solver as its fallback; init and use_table as above, the same contracts. */
bool engine_misere_init(void);
bool engine_misere_use_table(const uint8_t *table);
bool engine_misere_table_ok(void);
uint8_t engine_misere_move(pos_t p);
uint16_t engine_misere_best_cells(pos_t p);
engine_outcome_t engine_misere_outcome(pos_t p);

/* Either game, misere telling which (what the per-rule API calls): its move (set false)
 * or every perfect move (set true), and its outcome; the contracts above. */
uint16_t engine_answer(pos_t p, bool misere, bool set);
engine_outcome_t engine_play_out(pos_t p, bool misere);

#endif
