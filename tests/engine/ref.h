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

/* Visit every legal unfinished board (by the reference's reachability). */
#define FOR_EACH_OPEN_POSITION(p)                                                         \
    for (uint16_t code_ = 0; code_ < POS_CODES; code_++)                                  \
        for (pos_t p = pos_from_code(code_); ref_reachable[code_] && !pos_is_over(p);     \
             p.x = POS_ALL, p.o = POS_ALL)

#endif
