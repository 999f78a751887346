/* firmware/engine/state.h - the three games on one board and a position under any of
 * them (pure C; firmware/engine/README.md, "Three games"): normal, misère (three in a
 * row loses) and fading marks (each player keeps three marks, a fourth removes the
 * player's oldest). */
#ifndef STATE_H
#define STATE_H
#include <stdbool.h>
#include <stdint.h>

#include "position.h"

enum { RULE_NORMAL = 0, RULE_MISERE, RULE_FADING, RULE_COUNT };

#define FADE_KEEP 3 /* marks a player keeps in fading */
/* Fading's draw rule: the game is a draw once this many marks have been placed without
 * a line (README, "The draw"). */
#define FADE_PLY_LIMIT 60u

/* Invariants (state_is_legal): queue[s][0..n-1] are side s's cells oldest first, n the
 * bits of its mask, the rest POS_NO_MOVE (fading only; the other games leave queue at
 * POS_NO_MOVE); to_move and plies agree with the marks as the rule says. */
typedef struct {
    pos_t pos;                   /* the marks on the board: what the LEDs show */
    uint8_t queue[2][FADE_KEEP]; /* fading: X's [0] and O's [1] cells, oldest first */
    uint8_t to_move;             /* PLAYER_X or PLAYER_O */
    uint8_t plies;               /* marks placed since the start */
} state_t;

state_t state_start(void); /* the empty board, X to move */
/* A board of the normal game or misère (no ages): X to move on even counts. */
state_t state_from_pos(pos_t p);
bool state_is_legal(uint8_t rule, const state_t *s);
/* The player who has won (misère: the one without the line), or PLAYER_NONE. */
uint8_t state_winner(uint8_t rule, const state_t *s);
/* Won, or drawn: a full board (normal, misère), FADE_PLY_LIMIT plies (fading). */
bool state_is_over(uint8_t rule, const state_t *s);
/* Precondition: legal, not over, cell empty. The mover's mark; in fading the mover's
 * oldest mark goes first when it has FADE_KEEP (README, "The rule"). */
void state_play(uint8_t rule, state_t *s, uint8_t cell);
/* Precondition: legal, not over. The empty cells that win at once for the mover, and
 * those that lose at once (misère: completing its own line). */
uint16_t state_wins(uint8_t rule, const state_t *s);
uint16_t state_losses(uint8_t rule, const state_t *s);
/* Fading: the cell of `player`'s mark that vanishes at its next mark, or POS_NO_MOVE
 * (fewer than FADE_KEEP marks, or another rule). */
uint8_t state_vanishing(uint8_t rule, const state_t *s, uint8_t player);

#endif
