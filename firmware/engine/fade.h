/* firmware/engine/fade.h - the perfect player of fading marks (pure C): the packed PROGMEM
 * table that gen_fade.c writes at build time, its look-up and the play-out; the layout,
 * the rule and why it is perfect: firmware/engine/README.md, "Fading marks". */
#ifndef FADE_H
#define FADE_H
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"   /* engine_outcome_t */
#include "fade_gen.h" /* FADE_TABLE_BYTES, FADE_DIST_MAX, the phases (generated) */
#include "pgm.h"
#include "state.h"

#define FADE_PHASES 7u /* by the marks on the board, 0..6 */
_Static_assert(FADE_PHASES == 2u * FADE_KEEP + 1u, "a phase per count of marks");
_Static_assert(FADE_DIST_MAX < FADE_PLY_LIMIT, "a won game ends within the draw rule's limit");

extern const uint8_t fade_table[FADE_TABLE_BYTES] PROGMEM;

/* Init: check the table's CRC; true: it is in use. fade_use_table(): the same for
 * another image (tests). */
bool fade_init(void);
bool fade_use_table(const uint8_t *table);
/* False once the table is refused (a CRC, a record that names no cell): the answers are
 * then every empty cell, legal but not perfect, and the game must refuse fading (README,
 * "When a variant's table is damaged"). */
bool fade_table_ok(void);
/* Precondition of each: s legal under RULE_FADING, not over. The table's one perfect
 * move (the same result in the same number of plies as the best; a draw's: a move that
 * keeps the draw) as a one-cell set, and as a cell. */
uint16_t fade_best_cells(const state_t *s);
uint8_t fade_move(const state_t *s);
/* Precondition: legal (over too: LOSS or DRAW in 0 plies). The play-out of fade_move(),
 * at most FADE_DIST_MAX plies: a win or loss in its plies, else a draw at the draw
 * rule's limit (a result whose plies would pass the limit is a draw too). */
engine_outcome_t fade_outcome(const state_t *s);

/* The table's own answer for s: its perfect move as a one-cell set, or 0 if its record
 * names no empty cell (a damaged table). Precondition: as fade_best_cells(). */
uint16_t fade_table_cells(const uint8_t *table, const state_t *s);

#endif
