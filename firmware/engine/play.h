/* firmware/engine/play.h - one engine over the three rules (pure C): what the game calls
 * per rule. The normal game's answers are engine.h's, unchanged; misère's come from its
 * table with the solver behind it; fading's from its table (firmware/engine/README.md,
 * "Three games"). */
#ifndef PLAY_H
#define PLAY_H
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "state.h"

/* Init: check every table's CRC (play_table_ok() tells each one's result). */
void play_init(void);
/* False once a rule's table is refused (a CRC, a bad answer). Normal and misère then
 * answer from the solver, still perfect; fading has no perfect fallback: the game must
 * refuse to start it, and end one in play, with a message (README, "When the table is
 * damaged"). */
bool play_table_ok(uint8_t rule);
/* Precondition of each: s legal under the rule, not over. The documented move (normal
 * and misère: the tie-break of README, "Perfect, and how ties break"; fading: the one its
 * table stores), and every perfect move (the AI draws from it; fading: that one move). */
uint8_t play_move(uint8_t rule, const state_t *s);
uint16_t play_best_cells(uint8_t rule, const state_t *s);
/* Precondition: legal (over too). W/D/L for the side to move and the plies to the end
 * under perfect play (fading: within the draw rule's limit). */
engine_outcome_t play_outcome(uint8_t rule, const state_t *s);

#endif
