/* tests/engine/table_fake.c - a broken move source for the engine, linked instead of
 * firmware/engine/table.c (and the generated table_data): its CRC check always passes, and
 * after `fake_good_answers` good answers table_lookup() and table_cells() answer badly
 * in the way `fake_fault` says. A good answer is what the real table holds, computed by
 * the solver: the canonical image is rebuilt from its key, the solver's move on it (the
 * lowest best cell, as the image is its own canonical image) or its every perfect move
 * is mapped back through k. The engine must notice, stop trusting the table, and still
 * answer perfectly, in a bounded number of look-ups. */
#include "table_fake.h"

#include "solver.h"

const uint8_t table_data[TABLE_BYTES] PROGMEM = {0};

uint8_t fake_fault = FAKE_GOOD;
uint16_t fake_good_answers;
uint32_t fake_calls;

bool table_check(const uint8_t *table)
{
    (void)table;
    return true;
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

uint8_t table_lookup(const uint8_t *table, sym_canon_t canon)
{
    (void)table;
    uint32_t call = fake_calls++;
    pos_t c = fake_image(canon.key);
    if (fake_fault == FAKE_GOOD || call < fake_good_answers)
        return sym_source(canon.k, solver_move(c));
    uint16_t occupied = c.x | c.o;
    switch (fake_fault) {
    case FAKE_OCCUPIED: /* a marked cell (the empty board has none: cell 0, a legal move) */
        return occupied ? sym_source(canon.k, pos_first_cell(occupied)) : 0;
    case FAKE_OUT_OF_RANGE:
        return (uint8_t)(POS_CELLS + call % 7u); /* 9..15 */
    case FAKE_HUGE:
        return 0xFEu;
    default: /* FAKE_NO_ENTRY */
        return POS_NO_MOVE;
    }
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

uint16_t table_cells(const uint8_t *table, sym_canon_t canon)
{
    (void)table;
    uint32_t call = fake_calls++;
    pos_t c = fake_image(canon.key);
    uint16_t good = fake_map_back(canon.k, solver_hard_cells(c));
    if (fake_fault == FAKE_GOOD || call < fake_good_answers)
        return good;
    uint16_t occupied = fake_map_back(canon.k, c.x | c.o);
    switch (fake_fault) {
    case FAKE_OCCUPIED: /* the perfect moves and one marked cell (the empty board: none) */
        return (uint16_t)(good | (occupied & (uint16_t)-occupied));
    case FAKE_OUT_OF_RANGE:
        return (uint16_t)(good | 1u << (POS_CELLS + call % 7u)); /* a cell 9..15 too */
    case FAKE_HUGE:
        return 0xFFFFu;
    default: /* FAKE_NO_ENTRY */
        return 0;
    }
}
