/* tests/engine/table_fake.h - controls of the broken table (table_fake.c). */
#ifndef TABLE_FAKE_H
#define TABLE_FAKE_H
#include <stdint.h>

#include "table.h"

enum {
    FAKE_GOOD = 0,     /* always the solver's (perfect) move, or set */
    FAKE_OCCUPIED,     /* a cell already marked (in the set: with the perfect ones) */
    FAKE_LINE,         /* a cell completing the mover's line where there is one (misère:
                          a losing cell), else as FAKE_OCCUPIED */
    FAKE_OUT_OF_RANGE, /* cells 9..15 (in the set: with the perfect ones) */
    FAKE_HUGE,         /* 0xFE (a set: 0xFFFF) */
    FAKE_NO_ENTRY,     /* POS_NO_MOVE (a set: none) */
    FAKE_FAULTS
};

extern uint8_t fake_fault;        /* FAKE_*: how answers go wrong */
extern uint16_t fake_good_answers; /* good answers before the first bad one */
extern uint32_t fake_calls;       /* look-ups (a move or a set) so far */

#endif
