/* firmware/engine/engine.c - the perfect player (firmware/engine/README.md, "When the
 * table is damaged"). Invariant: engine_table is NULL or a table whose CRC matched and
 * that has not yet given a bad answer. */
#include "engine.h"

#include <stddef.h>

#include "solver.h"
#include "table.h"

static const uint8_t *engine_table;
static const uint8_t *engine_misere_table; /* the same invariant, misère's table */

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

/* Perfect moves played out (at most 9): the line's owner won (misère: lost). */
static engine_outcome_t engine_play_out(pos_t p, bool misere)
{
    uint8_t plies = 0;
    int8_t result = misere ? ENGINE_WIN : ENGINE_LOSS; /* if the last mover has a line */
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
        p = pos_play(p, misere ? engine_misere_move(p) : engine_move(p));
        plies++;
        result = (int8_t)-result; /* the side that moved last changes */
    }
    engine_outcome_t out = {result, plies};
    return out;
}

engine_outcome_t engine_outcome(pos_t p)
{
    return engine_play_out(p, false);
}

/* The rules' sets first (README, "Every perfect move"); else the table's set if it is
 * a non-empty set of empty cells; else one search of the solver. */
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
    if (engine_table) {
        uint16_t cells = table_cells(engine_table, sym_canonical(p));
        if (cells && !(cells & (uint16_t)~empty))
            return cells;
        engine_table = NULL;
    }
    return solver_hard_cells(p);
}

bool engine_misere_use_table(const uint8_t *table)
{
    bool ok = table_crc_ok(table, MISERE_TABLE_BYTES);
    engine_misere_table = ok ? table : NULL;
    return ok;
}

bool engine_misere_init(void)
{
    return engine_misere_use_table(misere_table);
}

bool engine_misere_table_ok(void)
{
    return engine_misere_table != NULL;
}

/* The cells that do not complete a line of the mover. */
static uint16_t engine_misere_safe(pos_t p)
{
    pos_sides_t s = pos_sides(p);
    return pos_empty(p) & (uint16_t)~pos_threats(s.mine, s.theirs);
}

/* The rules' move; else the table's if it names a safe cell (in a hard position every
 * perfect move is one); else the solver's. */
uint8_t engine_misere_move(pos_t p)
{
    uint16_t cells = pos_misere_rule_cells(p);
    if (cells)
        return pos_first_cell(cells);
    sym_canon_t canon = sym_canonical(p);
    if (engine_misere_table) {
        uint8_t cell = table_misere_lookup(engine_misere_table, canon);
        if (cell < POS_CELLS && engine_misere_safe(p) >> cell & 1u)
            return cell;
        engine_misere_table = NULL;
    }
    return solver_misere_hard_move(p, canon.k);
}

/* The rules' set; else the table's if it is a non-empty set of safe cells; else one
 * search of the solver. */
uint16_t engine_misere_best_cells(pos_t p)
{
    uint16_t cells = pos_misere_rule_cells(p);
    if (cells)
        return cells;
    if (engine_misere_table) {
        cells = table_misere_cells(engine_misere_table, sym_canonical(p));
        if (cells && !(cells & (uint16_t)~engine_misere_safe(p)))
            return cells;
        engine_misere_table = NULL;
    }
    return solver_misere_hard_cells(p);
}

engine_outcome_t engine_misere_outcome(pos_t p)
{
    return engine_play_out(p, true);
}
