/* tests/engine/ref.h - the independent reference the engine tests compare with (host
 * only): its own board type (int[9], 0 empty, 1 X, 2 O), codes, reachability and
 * minimax. Scores are for the side to move; a win with the n-th mark is 10 - n. */
#ifndef REF_H
#define REF_H
#include <stdint.h>

#include "position.h"

#define REF_BOARDS 19683
/* 1 for the codes of boards reachable in a game (after ref_init()). */
extern unsigned char ref_reachable[REF_BOARDS];

/* Fill the memo and the reachability (once; later calls return at once). */
void ref_init(void);
int ref_code(const int b[9]);
void ref_board(pos_t p, int b[9]);
int ref_score(int b[9]);
int ref_score_of(pos_t p);
/* Nodes of the full game tree below b (plain minimax, no pruning). */
long ref_plain_nodes(int b[9]);
/* 1 if `cell` is an empty cell of p and playing it keeps p's value. */
int ref_is_perfect(pos_t p, uint8_t cell);
/* The cell that symmetry k (firmware/engine/sym.h) moves `cell` to, from geometry: the
 * mirror through cells 0, 4, 8 swaps row and column, a quarter turn clockwise takes
 * (row, column) to (column, 2 - row). */
int ref_sym_cell(int k, int cell);
/* The canonical image of p as sym.h defines it (least (X ring, O ring) byte pair, the
 * first k reaching it), by brute force over ref_sym_cell; returns that k. */
int ref_canonical(pos_t p, pos_t *image);
/* The documented tie-break move of a legal unfinished position (engine.h), from the
 * reference alone: immediate win, block, else the lowest best cell of the canonical
 * image mapped back. */
uint8_t ref_tie_break_move(pos_t p);

/* Misère (completing a line loses), the same way: the score for the side to move (a game
 * ending with the n-th mark is 10 - n to the player without the line), whether a cell
 * keeps it, and the documented tie-break (the last empty cell; the lowest empty cell
 * when each completes a line of the mover; the only one that does not; else the lowest
 * best cell of the canonical image, mapped back). */
int ref_misere_score_of(pos_t p);
int ref_misere_is_perfect(pos_t p, uint8_t cell);
uint8_t ref_misere_tie_break_move(pos_t p);

/* Visit every legal unfinished board (by the reference's reachability). */
#define FOR_EACH_OPEN_POSITION(p)                                                         \
    for (uint16_t code_ = 0; code_ < POS_CODES; code_++)                                  \
        for (pos_t p = pos_from_code(code_); ref_reachable[code_] && !pos_is_over(p);     \
             p.x = POS_ALL, p.o = POS_ALL)

#endif
