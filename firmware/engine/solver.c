/* firmware/engine/solver.c - the fallback solver (firmware/engine/README.md, "The
 * fallback solver": why no node has a line, and the windows). */
#include "solver.h"

#include <stdbool.h>

#include "pgm.h"
#include "sym.h"

typedef struct {
    int8_t alpha; /* fail-hard lower bound */
    uint8_t next; /* the next candidate's index in the move order; POS_CELLS: none left;
                     SOLVER_FORCED: before the only one, a block */
    uint8_t cell; /* being searched */
} solver_frame_t;

#define SOLVER_FORCED 0x80u

/* Two sentinels below the root hold -INF. */
static solver_frame_t solver_stack[2 + SOLVER_MAX_DEPTH];
/* The search; marks == root_marks exactly while f is the root's frame. */
typedef struct {
    uint16_t mine, theirs; /* the node at f */
    solver_frame_t *f;
    uint8_t marks, root_marks;
    uint8_t k;      /* the root's cells are tried in its canonical image's order */
    uint8_t best;   /* at the root, so far: the first best cell in the root's order */
    uint8_t tie;    /* 1: the root's alpha stays one below its best score, so that every
                     root cell scoring that best comes back exact and joins `cells` */
    uint16_t cells; /* at the root: the cells scoring its best so far */
} solver_t;
/* Static, as the frames: the solver is the deepest call of the firmware. */
static solver_t solver_state;

_Static_assert(sizeof solver_stack <= 30, "solver stack must stay tiny");

static const uint8_t solver_branch_order[POS_CELLS] PROGMEM = {4, 0, 2, 6, 8, 1, 3, 5, 7};

/* True: the rules decide the node entered (*score); else it gets a frame. */
static bool solver_judge(solver_t *s, int8_t *score)
{
    uint16_t danger;
    solver_frame_t *f = s->f;
    if (pos_threats(s->mine, s->theirs)) {
        *score = (int8_t)(SOLVER_SCORE_BASE - 1 - s->marks); /* a win with the next mark */
        return true;
    }
    if (s->marks >= POS_CELLS - 1) {
        *score = 0; /* a draw: the last cell cannot win */
        return true;
    }
    danger = pos_threats(s->theirs, s->mine);
    if (danger & (uint16_t)(danger - 1)) {
        *score = (int8_t)(s->marks + 2 - SOLVER_SCORE_BASE); /* lost with the mark after */
        return true;
    }
    f->alpha = f[-2].alpha;
    f->next = danger ? SOLVER_FORCED : 0;
    f->cell = pos_first_cell(danger);
    return false;
}

static uint16_t solver_next_candidate(solver_t *s)
{
    solver_frame_t *f = s->f;
    if (f->next == SOLVER_FORCED) {
        f->next = POS_CELLS;
        return (uint16_t)(1u << f->cell);
    }
    while (f->next < POS_CELLS) {
        uint16_t bit;
        f->cell = s->marks == s->root_marks ? sym_source(s->k, f->next)
                                            : pgm_read_byte(&solver_branch_order[f->next]);
        f->next++;
        bit = (uint16_t)(1u << f->cell);
        if (!((s->mine | s->theirs) & bit)) {
            return bit;
        }
    }
    return 0;
}

static void solver_enter(solver_t *s, uint16_t bit)
{
    uint16_t mover = s->mine | bit;
    s->mine = s->theirs;
    s->theirs = mover;
    s->marks++;
    s->f++;
}

/* A root cell's score has come back (exact if above the root's alpha). */
static void solver_root(solver_t *s, solver_frame_t *f, int8_t value)
{
    int8_t best = (int8_t)(f->alpha + s->tie);
    uint16_t bit = (uint16_t)(1u << f->cell);
    if (value > best) {
        s->best = f->cell;
        s->cells = bit;
        f->alpha = (int8_t)(value - s->tie);
    } else if (s->tie && value == best) {
        s->cells |= bit;
    }
}

/* The node at f is decided: back up while the score fails high. False: the root is. */
static bool solver_back(solver_t *s, int8_t score)
{
    for (;;) {
        solver_frame_t *f;
        uint16_t mover = s->theirs;
        int8_t value, beta;
        if (s->marks == s->root_marks) {
            return false;
        }
        f = --s->f;
        s->marks--;
        s->theirs = s->mine;
        s->mine = (uint16_t)(mover ^ 1u << f->cell);
        value = (int8_t)-score;
        beta = (int8_t)-f[-1].alpha;
        if (value < beta) {
            if (s->marks == s->root_marks) {
                solver_root(s, f, value);
            } else if (value > f->alpha) {
                f->alpha = value;
            }
            return true;
        }
        score = beta;
    }
}

/* The best move of a position no rule decides (README: the order, the bound). */
/* s: the root's sides, k and tie set by the caller; leaves best and cells. */
static void solver_search(solver_t *s)
{
    s->f = &solver_stack[2];
    s->marks = s->root_marks = pos_count(s->mine | s->theirs);
    s->best = POS_NO_MOVE;
    s->cells = 0;
    solver_stack[0].alpha = solver_stack[1].alpha = -SOLVER_SCORE_INF;
    for (;;) {
        int8_t score;
        uint16_t bit;
        if (solver_judge(s, &score) && !solver_back(s, score)) {
            return;
        }
        while ((bit = solver_next_candidate(s)) == 0) {
            if (!solver_back(s, s->f->alpha)) {
                return;
            }
        }
        solver_enter(s, bit);
    }
}

uint8_t solver_hard_move(pos_t p, uint8_t k)
{
    pos_sides_t sides = pos_sides(p);
    solver_t *s = &solver_state;
    s->mine = sides.mine;
    s->theirs = sides.theirs;
    s->k = k;
    s->tie = 0;
    solver_search(s);
    return s->best;
}

uint16_t solver_hard_cells(pos_t p)
{
    pos_sides_t sides = pos_sides(p);
    solver_t *s = &solver_state;
    s->mine = sides.mine;
    s->theirs = sides.theirs;
    s->k = 0;
    s->tie = 1;
    solver_search(s);
    return s->cells;
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
