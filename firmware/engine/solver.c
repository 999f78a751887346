/* firmware/engine/solver.c - fallback solver: alpha-beta negamax, iterative, over an explicit
 * stack of SOLVER_MAX_DEPTH two-byte frames (no recursion, no heap, no RAM tables).
 *
 * Each node is first judged by the rules: a mover's immediate win, a double threat of
 * the opponent (lost next ply), a board with at most one empty cell (a draw, since no
 * win is on) end the node at once; a single opponent threat forces the block. Only
 * other nodes branch, in the order centre, corners, edges (best-first for tic-tac-toe).
 * Windows are derived, not stored: a child's beta is minus its parent's alpha, and its
 * starting alpha is its grandparent's alpha (fail-hard negamax). At the root of
 * solver_move() the moves of the canonical image are tried in cell order and only a
 * strictly better score replaces the best, so the lowest best cell wins the tie. */
#include "solver.h"
#include "pgm.h"
#include "sym.h"

typedef struct {
    int8_t alpha; /* best score proven so far at this node (fail-hard lower bound) */
    uint8_t move; /* bits 0..3: cell being searched; bits 4..7: its order index + 1
                     (0 before the first), or SOLVER_FORCED for a node with one choice */
} solver_frame_t;

#define SOLVER_FORCED 0xF0u
#define SOLVER_ROOT_IN_CELL_ORDER 1u

_Static_assert(SOLVER_MAX_DEPTH * sizeof(solver_frame_t) <= 16, "solver stack must stay tiny");

static const uint8_t solver_branch_order[9] PROGMEM = {4, 0, 2, 6, 8, 1, 3, 5, 7};
static const uint8_t solver_cell_order[9] PROGMEM = {0, 1, 2, 3, 4, 5, 6, 7, 8};

/* Score of a node decided without search, or SOLVER_SCORE_INF if it must branch; a
 * forced reply is returned through *forced (POS_NO_MOVE otherwise). */
static int8_t solver_judge(uint16_t mine, uint16_t theirs, uint8_t marks, uint8_t *forced)
{
    *forced = POS_NO_MOVE;
    if (pos_threats(mine, theirs))
        return (int8_t)(SOLVER_SCORE_BASE - 1 - marks); /* win with mark marks+1 */
    uint16_t danger = pos_threats(theirs, mine);
    if (danger & (uint16_t)(danger - 1))
        return (int8_t)(marks + 2 - SOLVER_SCORE_BASE); /* lose with mark marks+2 */
    if (marks >= POS_CELLS - 1)
        return 0;
    if (danger)
        *forced = pos_first_cell(danger);
    return SOLVER_SCORE_INF;
}

/* Next candidate of frame f after its current one, or POS_NO_MOVE. */
static uint8_t solver_next(solver_frame_t *f, uint16_t occupied, const uint8_t *order)
{
    if ((f->move & 0xF0u) == SOLVER_FORCED)
        return POS_NO_MOVE;
    for (uint8_t i = (uint8_t)(f->move >> 4); i < POS_CELLS; i++) {
        uint8_t cell = pgm_read_byte(&order[i]);
        if (!(occupied & (1u << cell))) {
            f->move = (uint8_t)(((i + 1) << 4) | cell);
            return cell;
        }
    }
    return POS_NO_MOVE;
}

/* Open a frame for a node that branches and return its first cell to search. */
static uint8_t solver_open(solver_frame_t *f, int8_t alpha, uint8_t forced, uint16_t occupied,
                          const uint8_t *order)
{
    f->alpha = alpha;
    if (forced != POS_NO_MOVE) {
        f->move = (uint8_t)(SOLVER_FORCED | forced);
        return forced;
    }
    f->move = 0;
    return solver_next(f, occupied, order);
}

/* Negamax score of (mine to move, theirs) with `marks` marks on the board, which the
 * caller has checked is unfinished. *best_cell gets the root move (POS_NO_MOVE if the
 * root was decided by the rules). One loop: judge the node entered; a node that branches
 * opens a frame and descends into its first candidate; a decided node passes its score
 * up until some ancestor has another candidate, which is then descended into.
 * Bounded: every descent fills an empty cell and a node with at most one empty cell is
 * decided, so depth stays below SOLVER_MAX_DEPTH; a frame's candidate index only grows
 * (at most 9 per frame), so the loop visits each node of the game tree below the root
 * at most once (at most 549,946 passes, from the empty board) and then returns. */
static int8_t solver_search(uint16_t mine, uint16_t theirs, uint8_t marks, uint8_t *best_cell,
                            const uint8_t *root_order)
{
    solver_frame_t stack[SOLVER_MAX_DEPTH];
    uint8_t depth = 0, cell;
    *best_cell = POS_NO_MOVE;
    for (;;) {
        uint8_t forced;
        int8_t score = solver_judge(mine, theirs, marks, &forced);
        if (score == SOLVER_SCORE_INF) {
            cell = solver_open(&stack[depth], depth >= 2 ? stack[depth - 2].alpha : -SOLVER_SCORE_INF,
                               forced, mine | theirs, depth ? solver_branch_order : root_order);
        } else {
            for (;;) {
                if (!depth)
                    return score;
                depth--;
                marks--;
                uint16_t mover_back = theirs;
                theirs = mine;
                mine = (uint16_t)(mover_back & ~(1u << (stack[depth].move & 0x0Fu)));
                int8_t value = (int8_t)-score;
                int8_t beta = depth ? (int8_t)-stack[depth - 1].alpha : SOLVER_SCORE_INF;
                if (value >= beta) {
                    score = beta; /* fail high: the parent will not choose this line */
                    continue;
                }
                if (value > stack[depth].alpha) {
                    stack[depth].alpha = value;
                    if (!depth)
                        *best_cell = stack[0].move & 0x0Fu;
                }
                cell = solver_next(&stack[depth], mine | theirs,
                                   depth ? solver_branch_order : root_order);
                if (cell != POS_NO_MOVE)
                    break;
                score = stack[depth].alpha;
            }
        }
        /* Descend: play `cell` for the mover of stack[depth]. */
        uint16_t mover = (uint16_t)(mine | (1u << cell));
        mine = theirs;
        theirs = mover;
        marks++;
        depth++;
    }
}

int8_t solver_score(pos_t p)
{
    uint8_t marks = pos_count(p.x | p.o);
    uint16_t mine, theirs;
    pos_sides(p, &mine, &theirs);
    if (pos_lines(theirs))
        return (int8_t)(marks - SOLVER_SCORE_BASE);
    if (marks == POS_CELLS)
        return 0;
    uint8_t unused;
    return solver_search(mine, theirs, marks, &unused, solver_branch_order);
}

uint8_t solver_move(pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    if (cell != POS_NO_MOVE)
        return cell;
    uint8_t k;
    pos_t canon = sym_canonical(p, &k);
    uint16_t mine, theirs;
    pos_sides(canon, &mine, &theirs);
    solver_search(mine, theirs, pos_count(canon.x | canon.o), &cell, solver_cell_order);
    return pos_first_cell(sym_unapply(k, (uint16_t)(1u << cell)));
}
