/* firmware/engine/solver.c - fallback solver: alpha-beta negamax, iterative, over an explicit
 * stack of SOLVER_MAX_DEPTH three-byte frames and two sentinels in static RAM (30 bytes;
 * no recursion, no heap). Not reentrant: one search at a time, main loop only.
 *
 * Each node is first judged by the rules: a mover's immediate win, a board with at most
 * one empty cell (a draw, since no win is on), a double threat of the opponent (lost
 * next ply) end the node at once, in that order; a single opponent threat forces the
 * block. Only other nodes branch, in the order centre, corners, edges (best-first for
 * tic-tac-toe).
 * No node has a line on its board (a move that would complete one is judged a win, not
 * played), so pos_threats() finds only threats, never completed lines.
 * Windows are derived, not stored: a child's beta is minus its parent's alpha, and its
 * starting alpha is its grandparent's alpha (fail-hard negamax). At the root of
 * solver_move() the cells are tried in the cell order of the canonical image
 * (sym_source(k, 0..8)) and only a strictly better score replaces the best, so the
 * lowest best cell of the image wins the tie, already mapped back. */
#include "solver.h"
#include "pgm.h"
#include "sym.h"

typedef struct {
    int8_t alpha; /* best score proven so far at this node (fail-hard lower bound) */
    uint8_t next; /* index in the move order of the next candidate; POS_CELLS when none
                     is left; SOLVER_FORCED before the only one, a block, is searched */
    uint8_t cell; /* the cell being searched */
} solver_frame_t;

#define SOLVER_FORCED 0x80u

_Static_assert((2 + SOLVER_MAX_DEPTH) * sizeof(solver_frame_t) <= 30, "solver stack must stay tiny");

static const uint8_t solver_branch_order[POS_CELLS] PROGMEM = {4, 0, 2, 6, 8, 1, 3, 5, 7};

/* The best move of (mine to move, theirs), a position that branches (no immediate win,
 * no forced block, at least two empty cells), the first among the best in the order
 * sym_source(k, 0..8). One loop around the frame f of the node being searched: a node
 * entered is judged; one that branches gets a frame; a decided one passes its score up
 * (f moves back) until a frame has another candidate; that candidate is played and
 * entered (f moves on). Two sentinel frames below the root hold -INF, so every frame
 * reads its starting alpha two frames down and its beta one frame down.
 * Bounded: every descent fills an empty cell and a node with at most one empty cell is
 * decided, so at most SOLVER_MAX_DEPTH frames are open; a frame's candidate index only
 * grows (at most 9 per frame), so the loop enters each node of the game tree below the
 * root at most once (549,946 nodes from the empty board); every pass enters a node or
 * steps back from one, so it returns within twice that many passes. */
static uint8_t solver_search(uint16_t mine, uint16_t theirs, uint8_t k)
{
    /* Static, not on the stack: the solver is the deepest call of the firmware (under
     * the console's solve), and moving its 30 bytes here keeps the stack peak within its
     * goal (make bench: stack_peak_bytes) for 60 bytes of code. */
    static solver_frame_t stack[2 + SOLVER_MAX_DEPTH];
    solver_frame_t *f = &stack[2]; /* the root's frame */
    /* marks and f move together, so marks == root_marks exactly while f is the root. */
    uint8_t marks = pos_count(mine | theirs), root_marks = marks, best = POS_NO_MOVE;
    int8_t score = SOLVER_SCORE_INF; /* INF: the node at f is yet to be judged */
    f[-2].alpha = f[-1].alpha = -SOLVER_SCORE_INF;
    for (;;) {
        uint16_t bit = 0; /* the bit of the cell to play (set before it is played) */
        if (score == SOLVER_SCORE_INF) { /* judge the node entered */
            /* A decided node's score is passed up on the next pass. */
            score = (int8_t)(SOLVER_SCORE_BASE - 1 - marks); /* a win with mark marks+1 */
            if (pos_threats(mine, theirs))
                continue;
            score = 0; /* a draw: the last cell cannot win */
            if (marks >= POS_CELLS - 1)
                continue;
            uint16_t danger = pos_threats(theirs, mine);
            score = (int8_t)(marks + 2 - SOLVER_SCORE_BASE); /* a loss with mark marks+2 */
            if (danger & (uint16_t)(danger - 1))
                continue;
            f->alpha = f[-2].alpha;
            f->next = danger ? SOLVER_FORCED : 0;
            f->cell = pos_first_cell(danger);
            bit = danger; /* the block's bit, if forced */
        } else { /* back to the parent's frame with the child's score */
            if (marks == root_marks)
                return best;
            f--;
            marks--;
            uint16_t mover = theirs;
            theirs = mine;
            mine = (uint16_t)(mover ^ 1u << f->cell); /* the mover takes its mark back */
            int8_t value = (int8_t)-score, beta = (int8_t)-f[-1].alpha;
            if (value >= beta) {
                score = beta; /* fail high: the parent will not choose this line */
                continue;
            }
            if (value > f->alpha) {
                f->alpha = value;
                if (marks == root_marks)
                    best = f->cell;
            }
        }
        /* The next candidate of frame f: the forced block once, else the next empty cell
         * in the move order; with none left the node's score is its alpha. */
        score = SOLVER_SCORE_INF;
        if (f->next == SOLVER_FORCED) {
            f->next = POS_CELLS;
        } else {
            uint16_t occupied = mine | theirs;
            for (;;) {
                if (f->next >= POS_CELLS) {
                    score = f->alpha;
                    break;
                }
                f->cell = marks == root_marks ? sym_source(k, f->next)
                                    : pgm_read_byte(&solver_branch_order[f->next]);
                f->next++;
                bit = (uint16_t)(1u << f->cell);
                if (!(occupied & bit))
                    break;
            }
            if (score != SOLVER_SCORE_INF)
                continue;
        }
        /* Enter the child: the mover of frame f plays its cell. */
        uint16_t mover = mine | bit;
        mine = theirs;
        theirs = mover;
        marks++;
        f++;
    }
}

uint8_t solver_hard_move(pos_t p, uint8_t k)
{
    pos_sides_t s = pos_sides(p);
    return solver_search(s.mine, s.theirs, k);
}

uint8_t solver_move(pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    return cell != POS_NO_MOVE ? cell : solver_hard_move(p, sym_canonical(p).k);
}

/* Perfect replies on both sides keep the value: the game ends as the score says. */
int8_t solver_score(pos_t p)
{
    uint8_t mover = pos_to_move(p);
    for (uint8_t plies = 0; !pos_is_over(p) && plies < POS_CELLS; plies++)
        p = pos_play(p, solver_move(p));
    uint8_t winner = pos_winner(p), marks = pos_count(p.x | p.o);
    if (winner == PLAYER_NONE)
        return 0;
    return (int8_t)(winner == mover ? SOLVER_SCORE_BASE - marks : marks - SOLVER_SCORE_BASE);
}
