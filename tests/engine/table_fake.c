/* tests/engine/table_fake.c - a broken move source for the engine, linked instead of
 * firmware/engine/table.c (and the generated table_data): its CRC check always passes, and
 * after `fake_good_answers` good answers (the solver's moves) table_move() answers
 * badly in the way `fake_fault` says. The engine must notice, stop trusting the table,
 * and still answer perfectly, in a bounded number of look-ups. */
#include "table_fake.h"

#include "solver.h"

const uint8_t table_data[TABLE_BYTES] PROGMEM = {0};

uint8_t fake_fault = FAKE_GOOD;
uint16_t fake_good_answers;
uint32_t fake_calls;

uint8_t table_check(const uint8_t *table)
{
    (void)table;
    return 1;
}

uint8_t table_move(const uint8_t *table, pos_t p)
{
    (void)table;
    uint32_t call = fake_calls++;
    if (fake_fault == FAKE_GOOD || call < fake_good_answers)
        return solver_move(p);
    uint16_t occupied = p.x | p.o;
    switch (fake_fault) {
    case FAKE_OCCUPIED: /* a marked cell (the empty board has none: cell 0, a legal move) */
        return occupied ? pos_first_cell(occupied) : 0;
    case FAKE_OUT_OF_RANGE:
        return (uint8_t)(POS_CELLS + call % 7u); /* 9..15 */
    case FAKE_HUGE:
        return 0xFEu;
    default: /* FAKE_NO_ENTRY */
        return POS_NO_MOVE;
    }
}
