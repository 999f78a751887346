/* firmware/engine/engine.c - the perfect player (firmware/engine/README.md, "When the
 * table is damaged"). Invariant: engine_table is NULL or a table whose CRC matched and
 * that has not yet given a bad answer. */
#include "engine.h"

#include <stddef.h>

#include "solver.h"
#include "table.h"

static const uint8_t *engine_table;

bool engine_use_table(const uint8_t *table)
{
    bool ok = table_check(table);
    engine_table = ok ? table : NULL;
    return ok;
}

bool engine_init(void)
{
    return engine_use_table(table_data);
}

bool engine_table_ok(void)
{
    return engine_table != NULL;
}

/* The rules' move; else the table's if it names an empty cell; else the solver's. */
uint8_t engine_move(pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    if (cell != POS_NO_MOVE)
        return cell;
    sym_canon_t canon = sym_canonical(p);
    if (engine_table) {
        cell = table_lookup(engine_table, canon);
        if (cell < POS_CELLS && !((p.x | p.o) & (1u << cell)))
            return cell;
        engine_table = NULL;
    }
    return solver_hard_move(p, canon.k);
}

/* Only the side that moved last can have a line: the result alternates with each ply. */
_Static_assert(ENGINE_WIN == -ENGINE_LOSS, "the result alternates by negation");

engine_outcome_t engine_outcome(pos_t p)
{
    uint8_t plies = 0;
    int8_t result = ENGINE_LOSS; /* if the side that moved last has a line */
    for (;;) {
        pos_sides_t s = pos_sides(p);
        uint16_t marked = s.mine | s.theirs;
        if (pos_lines(s.theirs))
            break;
        /* A game ends within POS_CELLS plies; the count bounds the loop regardless. */
        if (marked == POS_ALL || plies >= POS_CELLS) {
            result = ENGINE_DRAW;
            break;
        }
        p = pos_play(p, engine_move(p));
        plies++;
        result = (int8_t)-result; /* the side that moved last changes */
    }
    engine_outcome_t out = {result, plies};
    return out;
}

/* The rules' sets first (README, "Every perfect move"); else every child's
 * outcome from the table, or one search of the solver. */
uint16_t engine_best_cells(pos_t p)
{
    pos_sides_t s = pos_sides(p);
    uint16_t empty = pos_empty(p);
    uint16_t wins = pos_threats(s.mine, s.theirs) & empty;
    uint16_t danger = pos_threats(s.theirs, s.mine) & empty;
    if (wins)
        return wins;
    /* one threat: only its block does not lose at once; two: every cell loses next */
    if (danger)
        return danger & (uint16_t)(danger - 1u) ? empty : danger;
    if (!(empty & (uint16_t)(empty - 1u)))
        return empty;
    if (!engine_table)
        return solver_hard_cells(p);
    uint16_t cells = 0;
    int8_t best = -SOLVER_SCORE_INF;
    uint8_t mover = pos_to_move(p);
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        if (!(empty >> c & 1u))
            continue;
        /* the child played out by perfect moves (engine_outcome() inline: one call
         * level less on the firmware's deepest path) ends as the mover's score says */
        pos_t q = pos_play(p, c);
        for (uint8_t n = 0; n < POS_CELLS && !pos_is_over(q); n++)
            q = pos_play(q, engine_move(q));
        uint8_t winner = pos_winner(q), marks = pos_count(q.x | q.o);
        int8_t score = winner == PLAYER_NONE ? 0
                       : winner == mover    ? (int8_t)(SOLVER_SCORE_BASE - marks)
                                            : (int8_t)(marks - SOLVER_SCORE_BASE);
        if (score > best) {
            best = score;
            cells = 0;
        }
        if (score == best)
            cells |= (uint16_t)(1u << c);
    }
    return cells;
}
