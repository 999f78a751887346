/* firmware/engine/engine.c - the perfect player (firmware/engine/README.md, "When the
 * table is damaged"): the normal game and misère on the same machinery, `misere` telling
 * which. Invariant: engine_tables[misere] is NULL or a table of that game whose CRC
 * matched and that has not yet given a bad answer. */
#include "engine.h"

#include <stddef.h>

#include "solver.h"
#include "table.h"

static const uint8_t *engine_tables[2]; /* [0] the normal game's, [1] misère's */

static bool engine_use(const uint8_t *table, bool misere)
{
    bool ok = table_crc_ok(table, misere ? MISERE_TABLE_BYTES : TABLE_BYTES);
    engine_tables[misere] = ok ? table : NULL;
    return ok;
}

bool engine_use_table(const uint8_t *table)
{
    return engine_use(table, false);
}

bool engine_init(void)
{
    return engine_use_table(table_data);
}

bool engine_table_ok(void)
{
    return engine_tables[0] != NULL;
}

/* The cells a table's answer may name: the empty ones; in misère only the safe ones, that
 * complete no line of the mover (in a hard position every perfect move is one). */
static uint16_t engine_allowed(pos_t p, bool misere)
{
    uint16_t empty = pos_empty(p);
    if (!misere)
        return empty;
    pos_sides_t s = pos_sides(p);
    return empty & (uint16_t)~pos_threats(s.mine, s.theirs);
}

/* The move (set false) or every perfect move (set true): the rules' (the lowest of their
 * cells for the move); else a hard position's, the table's if it is a non-empty set of
 * allowed cells (a move: a set of one); else the solver's. */
uint16_t engine_answer(pos_t p, bool misere, bool set)
{
    uint16_t rules = misere ? pos_misere_rule_cells(p) : pos_rule_cells(p, set);
    if (rules)
        return set ? rules : pos_first_cell(rules);
    sym_canon_t canon = sym_canonical(p);
    const uint8_t *table = engine_tables[misere];
    if (table) {
        uint8_t cell = 0;
        uint16_t cells;
        if (set) {
            cells = table_cells(table, canon, misere);
        } else {
            cell = table_lookup(table, canon, misere);
            cells = cell < POS_CELLS ? (uint16_t)(1u << cell) : 0u; /* a move: a set of one */
        }
        if (cells && !(cells & (uint16_t)~engine_allowed(p, misere)))
            return set ? cells : cell;
        engine_tables[misere] = NULL;
    }
    return solver_hard(p, canon.k, set, misere);
}

uint8_t engine_move(pos_t p)
{
    return (uint8_t)engine_answer(p, false, false);
}

/* Only the side that moved last can have a line: the result alternates with each ply. */
_Static_assert(ENGINE_WIN == -ENGINE_LOSS, "the result alternates by negation");

/* Perfect moves played out (at most 9): the line's owner won (misère: lost). */
engine_outcome_t engine_play_out(pos_t p, bool misere)
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
        p = pos_play(p, (uint8_t)engine_answer(p, misere, false));
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

uint16_t engine_best_cells(pos_t p)
{
    return engine_answer(p, false, true);
}

bool engine_misere_use_table(const uint8_t *table)
{
    return engine_use(table, true);
}

bool engine_misere_init(void)
{
    return engine_misere_use_table(misere_table);
}

bool engine_misere_table_ok(void)
{
    return engine_tables[1] != NULL;
}

uint8_t engine_misere_move(pos_t p)
{
    return (uint8_t)engine_answer(p, true, false);
}

uint16_t engine_misere_best_cells(pos_t p)
{
    return engine_answer(p, true, true);
}

engine_outcome_t engine_misere_outcome(pos_t p)
{
    return engine_play_out(p, true);
}
