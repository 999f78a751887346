/* firmware/engine/position.h - the position model: two 9-bit masks, bit i = cell i
 * (pure C; firmware/engine/README.md, "The position"). */
#ifndef POSITION_H
#define POSITION_H
#include <stdbool.h>
#include <stdint.h>

#define POS_CELLS 9
#define POS_ALL 0x1FFu

enum { PLAYER_NONE = 0, PLAYER_X = 1, PLAYER_O = 2 }; /* O is X + 1 (pos_to_move) */

typedef struct {
    uint16_t x;
    uint16_t o;
} pos_t;

uint8_t pos_count(uint16_t mask); /* set bits */
uint16_t pos_empty(pos_t p);
uint8_t pos_to_move(pos_t p); /* by the parity of the marks (legal boards) */
typedef struct {
    uint16_t mine;   /* the side to move */
    uint16_t theirs; /* the side that moved last */
} pos_sides_t;
pos_sides_t pos_sides(pos_t p);
/* The player with a line, or PLAYER_NONE. */
uint8_t pos_winner(pos_t p);
/* Cells where `mine` would complete a line now (the other side's cells block), and the
 * cells of every line `mine` has completed already. */
uint16_t pos_threats(uint16_t mine, uint16_t theirs);
/* The cells of every completed line of `mask`. */
static inline uint16_t pos_lines(uint16_t mask)
{
    return pos_threats(mask, POS_ALL);
}
/* Why a board is not reachable, or POS_LEGAL. */
enum {
    POS_LEGAL = 0,
    POS_BAD_CELLS,    /* a cell outside the board or marked twice (bad masks) */
    POS_BAD_COUNTS,   /* X must have as many marks as O, or one more */
    POS_BOTH_LINES,   /* both players have a line */
    POS_LINE_NOT_LAST /* the player with a line did not move last (README: why no
                           more is checked) */
};
uint8_t pos_legality(pos_t p);
bool pos_is_legal(pos_t p);            /* reachable in a game from the empty board (5,478 boards) */
bool pos_is_over(pos_t p);             /* precondition: legal; won or full */
pos_t pos_play(pos_t p, uint8_t cell); /* the side to move's mark on an empty cell */
uint8_t pos_first_cell(uint16_t mask); /* the lowest set cell, or POS_CELLS */

/* Base-3 code of a board, cell i weighing 3^i (empty 0, X 1, O 2): 0..POS_CODES-1. */
#define POS_CODES 19683u
uint16_t pos_code(pos_t p);
/* The board of a code (no legality check; host tools and tests). */
pos_t pos_from_code(uint16_t code);

#define POS_NO_MOVE 0xFFu
/* Precondition: legal, unfinished. The rules' cells (README, "Perfect, and how ties
 * break", cases 1-3, and "Every perfect move"): every winning cell; else the blocks of
 * the opponent's threats (facing two, for `set`, every empty cell: each loses next); else
 * the only empty cell; or 0 (a "hard" position). */
uint16_t pos_rule_cells(pos_t p, bool set);
/* The rules' move, the lowest of pos_rule_cells(p, false), or POS_NO_MOVE. */
uint8_t pos_forced_move(pos_t p);
/* Misère (completing a line loses). Precondition: legal, unfinished. The rules' set of
 * perfect moves (README, "Misère": the only empty cell; every empty cell when each
 * completes a line of the mover; the only cell that does not), or 0 (a "hard"
 * position); its lowest cell is the rules' move. */
uint16_t pos_misere_rule_cells(pos_t p);

#endif
