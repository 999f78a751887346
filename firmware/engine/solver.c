/* firmware/engine/solver.c - fallback solver: alpha-beta negamax, iterative, over an explicit
 * stack of SOLVER_MAX_DEPTH three-byte frames (no recursion, no heap, no RAM tables).
 *
 * Each node is first judged by the rules: a mover's immediate win, a double threat of
 * the opponent (lost next ply), a board with at most one empty cell (a draw, since no
 * win is on) end the node at once; a single opponent threat forces the block. Only
 * other nodes branch, in the order centre, corners, edges (best-first for tic-tac-toe).
 * Windows are derived, not stored: a child's beta is minus its parent's alpha, and its
 * starting alpha is its grandparent's alpha (fail-hard negamax). At the root of
 * solver_move() the cells are tried in the cell order of the canonical image (a row of
 * sym_source) and only a strictly better score replaces the best, so the lowest best
 * cell of the image wins the tie, already mapped back. */
#include "solver.h"
#include "pgm.h"
#include "sym.h"

typedef struct {
    int8_t alpha; /* best score proven so far at this node (fail-hard lower bound) */
    uint8_t next; /* index in the move order of the next candidate (POS_CELLS: none) */
    uint8_t cell; /* the cell being searched */
} solver_frame_t;

_Static_assert(SOLVER_MAX_DEPTH * sizeof(solver_frame_t) <= 24, "solver stack must stay tiny");

static const uint8_t solver_branch_order[POS_CELLS] PROGMEM = {4, 0, 2, 6, 8, 1, 3, 5, 7};

/* Move frame f on to its next empty candidate in `order`; 0 if none is left. */
static uint8_t solver_next(solver_frame_t *f, uint16_t occupied, const uint8_t *order)
{
    while (f->next < POS_CELLS) {
        uint8_t cell = pgm_read_byte(&order[f->next++]);
        if (!(occupied & (1u << cell))) {
            f->cell = cell;
            return 1;
        }
    }
    return 0;
}

/* Negamax score of (mine to move, theirs), which the caller has checked is unfinished.
 * *best_cell gets the root move (POS_NO_MOVE if the rules decided the root). One loop:
 * judge the node entered; a node that branches opens a frame and descends into its
 * first candidate; a decided node passes its score up until some ancestor has another
 * candidate, which is then descended into.
 * Bounded: every descent fills an empty cell and a node with at most one empty cell is
 * decided, so depth stays below SOLVER_MAX_DEPTH; a frame's candidate index only grows
 * (at most 9 per frame), so the loop visits each node of the game tree below the root
 * at most once (at most 549,946 passes, from the empty board) and then returns. */
static int8_t solver_search(uint16_t mine, uint16_t theirs, const uint8_t *root_order,
                            uint8_t *best_cell)
{
    solver_frame_t stack[SOLVER_MAX_DEPTH], *f = stack;
    uint8_t marks = pos_count(mine | theirs), depth = 0;
    *best_cell = POS_NO_MOVE;
    for (;;) {
        int8_t score;
        uint16_t danger = pos_threats(theirs, mine);
        if (pos_threats(mine, theirs))
            score = (int8_t)(SOLVER_SCORE_BASE - 1 - marks); /* win with mark marks+1 */
        else if (danger & (uint16_t)(danger - 1))
            score = (int8_t)(marks + 2 - SOLVER_SCORE_BASE); /* lose with mark marks+2 */
        else if (marks >= POS_CELLS - 1)
            score = 0;
        else
            score = SOLVER_SCORE_INF; /* branch */
        f = &stack[depth];
        if (score == SOLVER_SCORE_INF) {
            f->alpha = depth >= 2 ? f[-2].alpha : -SOLVER_SCORE_INF;
            f->next = 0;
            if (danger) { /* the block is the only candidate */
                f->next = POS_CELLS;
                f->cell = pos_first_cell(danger);
            } else {
                solver_next(f, mine | theirs, depth ? solver_branch_order : root_order);
            }
        } else {
            for (;;) { /* pass the score up to the first frame with another candidate */
                if (!depth)
                    return score;
                f = &stack[--depth];
                marks--;
                uint16_t mover = theirs;
                theirs = mine;
                mine = (uint16_t)(mover & ~(1u << f->cell));
                int8_t value = (int8_t)-score;
                int8_t beta = depth ? (int8_t)-f[-1].alpha : SOLVER_SCORE_INF;
                if (value >= beta) {
                    score = beta; /* fail high: the parent will not choose this line */
                    continue;
                }
                if (value > f->alpha) {
                    f->alpha = value;
                    if (!depth)
                        *best_cell = f->cell;
                }
                if (solver_next(f, mine | theirs, depth ? solver_branch_order : root_order))
                    break;
                score = f->alpha;
            }
        }
        /* Descend: the mover of frame f plays its cell. */
        uint16_t mover = (uint16_t)(mine | (1u << f->cell));
        mine = theirs;
        theirs = mover;
        marks++;
        depth++;
    }
}

int8_t solver_score(pos_t p)
{
    uint16_t mine, theirs;
    pos_sides(p, &mine, &theirs);
    uint8_t marks = pos_count(p.x | p.o);
    if (pos_lines(theirs))
        return (int8_t)(marks - SOLVER_SCORE_BASE);
    if (marks == POS_CELLS)
        return 0;
    uint8_t unused;
    return solver_search(mine, theirs, solver_branch_order, &unused);
}

uint8_t solver_move(pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    if (cell != POS_NO_MOVE)
        return cell;
    uint16_t key, mine, theirs;
    uint8_t k = sym_canonical(p, &key);
    pos_sides(p, &mine, &theirs);
    solver_search(mine, theirs, sym_source[k], &cell);
    return cell;
}
