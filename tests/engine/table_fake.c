/* tests/engine/table_fake.c - a broken move source for the engine, linked instead of
 * firmware/engine/table.c (and the generated tables): its CRC check always passes, and
 * after `fake_good_answers` good answers the look-ups (the normal game's and misère's)
 * answer badly in the way `fake_fault` says. A good
 * answer is what the real table holds, computed by the solver: the canonical image is
 * rebuilt from its key, the solver's move on it (the lowest best cell, as the image is
 * its own canonical image) or its every perfect move is mapped back through k. The
 * engine must notice, stop trusting the table, and still answer perfectly, in a bounded
 * number of look-ups. */
#include "table_fake.h"

#include "solver.h"

const uint8_t table_data[TABLE_BYTES] PROGMEM = {0};
const uint8_t misere_table[MISERE_TABLE_BYTES] PROGMEM = {0};

uint8_t fake_fault = FAKE_GOOD;
uint16_t fake_good_answers;
uint32_t fake_calls;

bool table_crc_ok(const uint8_t *table, uint16_t bytes)
{
    (void)table;
    (void)bytes;
    return true;
}

bool table_check(const uint8_t *table)
{
    return table_crc_ok(table, TABLE_BYTES);
}

/* The canonical image of a key (sym.h: base-3 ring code, ring bit i weighing 3^i, plus
 * 6561 times the centre). */
static pos_t fake_image(uint16_t key)
{
    static const uint8_t ring_cells[9] = {0, 1, 2, 5, 8, 7, 6, 3, 4}; /* then the centre */
    pos_t c = {0, 0};
    for (uint8_t i = 0; i < 9; i++, key /= 3u) {
        if (key % 3u == 1u)
            c.x |= (uint16_t)(1u << ring_cells[i]);
        else if (key % 3u == 2u)
            c.o |= (uint16_t)(1u << ring_cells[i]);
    }
    return c;
}

/* The image's bad cell: FAKE_LINE's completes a line of its mover (misère: a losing
 * cell) where there is one, else it is a marked cell as FAKE_OCCUPIED's; POS_NO_MOVE on
 * the empty board (no bad cell: the good answer is given). */
static uint8_t fake_bad_cell(pos_t c)
{
    pos_sides_t s = pos_sides(c);
    uint16_t bad = pos_threats(s.mine, s.theirs) & pos_empty(c);
    if (fake_fault == FAKE_OCCUPIED || !bad)
        bad = c.x | c.o;
    return bad ? pos_first_cell(bad) : POS_NO_MOVE;
}

/* A move of the normal game's table or misère's. */
static uint8_t fake_lookup(sym_canon_t canon, bool misere)
{
    uint32_t call = fake_calls++;
    pos_t c = fake_image(canon.key);
    uint8_t good = misere ? solver_misere_move(c) : solver_move(c);
    if (fake_fault == FAKE_GOOD || call < fake_good_answers)
        return sym_source(canon.k, good);
    switch (fake_fault) {
    case FAKE_OCCUPIED: /* a marked cell */
    case FAKE_LINE:     /* a cell completing the mover's line, else a marked one */
        return sym_source(canon.k, fake_bad_cell(c) == POS_NO_MOVE ? good : fake_bad_cell(c));
    case FAKE_OUT_OF_RANGE:
        return (uint8_t)(POS_CELLS + call % 7u); /* 9..15 */
    case FAKE_HUGE:
        return 0xFEu;
    default: /* FAKE_NO_ENTRY */
        return POS_NO_MOVE;
    }
}

uint8_t table_lookup(const uint8_t *table, sym_canon_t canon, bool misere)
{
    (void)table;
    return fake_lookup(canon, misere);
}

/* The image's cells mapped back through k (table.c's mapping, written again). */
static uint16_t fake_map_back(uint8_t k, uint16_t image)
{
    uint16_t cells = 0;
    for (uint8_t j = 0; j < POS_CELLS; j++)
        if (image >> j & 1u)
            cells |= (uint16_t)(1u << sym_source(k, j));
    return cells;
}

/* A set of the normal game's table or misère's. */
static uint16_t fake_cells(sym_canon_t canon, bool misere)
{
    uint32_t call = fake_calls++;
    pos_t c = fake_image(canon.key);
    uint16_t good = fake_map_back(canon.k, solver_hard(c, 0, true, misere));
    if (fake_fault == FAKE_GOOD || call < fake_good_answers)
        return good;
    uint8_t bad = fake_bad_cell(c);
    switch (fake_fault) {
    case FAKE_OCCUPIED: /* the perfect moves and one marked cell (the empty board: none) */
    case FAKE_LINE:     /* ... or a cell completing the mover's line */
        return bad == POS_NO_MOVE ? good : (uint16_t)(good | 1u << sym_source(canon.k, bad));
    case FAKE_OUT_OF_RANGE:
        return (uint16_t)(good | 1u << (POS_CELLS + call % 7u)); /* a cell 9..15 too */
    case FAKE_HUGE:
        return 0xFFFFu;
    default: /* FAKE_NO_ENTRY */
        return 0;
    }
}

uint16_t table_cells(const uint8_t *table, sym_canon_t canon, bool misere)
{
    (void)table;
    return fake_cells(canon, misere);
}
