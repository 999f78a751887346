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

/* Misère: a node with at most SOLVER_TWIN_MARKS marks skips its twins, the cells that a
 * symmetry fixing the node maps an earlier candidate onto (they score the same). */
#define SOLVER_TWIN_MARKS 1u
static uint16_t solver_twins[SOLVER_TWIN_MARKS + 1u];

/* The cell tried i-th at the node: the root's in its canonical image's order. */
static uint8_t solver_cell_at(const solver_t *s, uint8_t i)
{
    return s->marks == s->root_marks ? sym_source(s->k, i) : pgm_read_byte(&solver_branch_order[i]);
}

/* Every image of `cells` under the symmetries that fix (mine, theirs). */
static uint16_t solver_orbit(uint16_t mine, uint16_t theirs, uint16_t cells)
{
    uint16_t orbit = cells;
    for (uint8_t k = 1; k < SYM_COUNT; k++)
        if (sym_image(k, mine) == mine && sym_image(k, theirs) == theirs)
            orbit |= sym_image(k, cells);
    return orbit;
}

static uint16_t solver_find_twins(const solver_t *s, uint16_t candidates)
{
    uint16_t twins = 0;
    for (uint8_t i = 0; i < POS_CELLS; i++) {
        uint16_t bit = (uint16_t)(1u << solver_cell_at(s, i));
        if (candidates & bit & (uint16_t)~twins)
            twins |= solver_orbit(s->mine, s->theirs, bit) & (uint16_t)~bit;
    }
    return twins;
}

/* Misère: a cell completing a line of the mover is never entered (it loses at once,
 * the worst score), so no node has a line here either; with no other cell the node is
 * lost with the next mark, and with one other cell that cell is forced. */
static bool solver_judge_misere(solver_t *s, int8_t *score)
{
    solver_frame_t *f = s->f;
    uint16_t empty = POS_ALL & (uint16_t) ~(s->mine | s->theirs);
    uint16_t safe = empty & (uint16_t)~pos_threats(s->mine, s->theirs);
    if (!safe) {
        *score = (int8_t)(s->marks + 1 - SOLVER_SCORE_BASE); /* lost with the next mark */
        return true;
    }
    if (!(empty & (uint16_t)(empty - 1u))) {
        *score = 0; /* the last cell is safe: a draw */
        return true;
    }
    f->alpha = f[-2].alpha;
    f->next = safe & (uint16_t)(safe - 1u) ? 0 : SOLVER_FORCED;
    f->cell = pos_first_cell(safe);
    if (s->marks <= SOLVER_TWIN_MARKS)
        solver_twins[s->marks] = solver_find_twins(s, safe);
    return false;
}

/* True: the rules decide the node entered (*score); else it gets a frame. misere: the
 * rule (README, "Misère"), a parameter all the way down: one search for both games. */
static bool solver_judge(solver_t *s, int8_t *score, bool misere)
{
    uint16_t danger;
    solver_frame_t *f = s->f;
    if (misere)
        return solver_judge_misere(s, score);
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

/* Misère: a cell that completes a line of the mover, or a twin. */
static bool solver_skips(const solver_t *s, uint16_t bit)
{
    return pos_lines(s->mine | bit) ||
           (s->marks <= SOLVER_TWIN_MARKS && solver_twins[s->marks] & bit);
}

static uint16_t solver_next_candidate(solver_t *s, bool misere)
{
    solver_frame_t *f = s->f;
    if (f->next == SOLVER_FORCED) {
        f->next = POS_CELLS;
        return (uint16_t)(1u << f->cell);
    }
    while (f->next < POS_CELLS) {
        uint16_t bit;
        f->cell = solver_cell_at(s, f->next);
        f->next++;
        bit = (uint16_t)(1u << f->cell);
        if (!((s->mine | s->theirs) & bit) && !(misere && solver_skips(s, bit))) {
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
static void solver_search(solver_t *s, bool misere)
{
    s->f = &solver_stack[2];
    s->marks = s->root_marks = pos_count(s->mine | s->theirs);
    s->best = POS_NO_MOVE;
    s->cells = 0;
    solver_stack[0].alpha = solver_stack[1].alpha = -SOLVER_SCORE_INF;
    for (;;) {
        int8_t score;
        uint16_t bit;
        if (solver_judge(s, &score, misere) && !solver_back(s, score)) {
            return;
        }
        while ((bit = solver_next_candidate(s, misere)) == 0) {
            if (!solver_back(s, s->f->alpha)) {
                return;
            }
        }
        solver_enter(s, bit);
    }
}

/* One search from p (hard under its rule), the root's cells tried in image k's order: the
 * first best cell, or (set) every cell scoring the best, the root's window kept one below
 * it (solver_t's tie). Misère's root twins score as their first, so the set, closed under
 * its symmetries, gets them back. */
uint16_t solver_hard(pos_t p, uint8_t k, bool set, bool misere)
{
    pos_sides_t sides = pos_sides(p);
    solver_t *s = &solver_state;
    s->mine = sides.mine;
    s->theirs = sides.theirs;
    s->k = k;
    s->tie = set;
    solver_search(s, misere);
    if (!set)
        return s->best;
    return misere && s->root_marks <= SOLVER_TWIN_MARKS ? solver_orbit(s->mine, s->theirs, s->cells)
                                                        : s->cells;
}

uint8_t solver_move(pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    return cell != POS_NO_MOVE ? cell : (uint8_t)solver_hard(p, sym_canonical(p).k, false, false);
}

uint8_t solver_misere_move(pos_t p)
{
    uint16_t cells = pos_misere_rule_cells(p);
    return cells ? pos_first_cell(cells) : (uint8_t)solver_hard(p, sym_canonical(p).k, false, true);
}

/* Perfect replies on both sides keep the value: the game ends as the score says. The
 * player with the line won (misère: lost). */
static int8_t solver_play_out(pos_t p, bool misere)
{
    uint8_t mover = pos_to_move(p);
    for (uint8_t plies = 0; !pos_is_over(p) && plies < POS_CELLS; plies++)
        p = pos_play(p, misere ? solver_misere_move(p) : solver_move(p));
    uint8_t lined = pos_winner(p), marks = pos_count(p.x | p.o);
    if (lined == PLAYER_NONE)
        return 0;
    return (int8_t)((lined == mover) != misere ? SOLVER_SCORE_BASE - marks
                                               : marks - SOLVER_SCORE_BASE);
}

int8_t solver_score(pos_t p)
{
    return solver_play_out(p, false);
}

int8_t solver_misere_score(pos_t p)
{
    return solver_play_out(p, true);
}
