/* firmware/engine/table.h - the packed solution table in PROGMEM (generated at build time by
 * firmware/engine/gen_table.c into build/gen/) and its lookup (pure C, host and AVR).
 *
 * Only "hard" positions are stored: those where no rule decides (no immediate win, no
 * block, more than one empty cell), and only their canonical images (sym_canonical).
 * Layout of the TABLE_BYTES bytes:
 *   [0, 2N)        N keys, uint16 little-endian, strictly ascending: sym_canonical_key()
 *                  of the position
 *   [2N, 2N+N/2)   N moves, 4 bits each (entry i in byte 2N + i/2, low nibble if i even):
 *                  the lowest best cell of the canonical position
 *   last 2 bytes   CRC-16/CCITT-FALSE of everything before, little-endian */
#ifndef TABLE_H
#define TABLE_H
#include <stdint.h>
#include "pgm.h"
#include "position.h"
#include "table_gen.h" /* TABLE_ENTRIES, TABLE_BYTES (generated) */

#define TABLE_KEYS_OFFSET 0u
#define TABLE_MOVES_OFFSET (2u * TABLE_ENTRIES)
#define TABLE_CRC_OFFSET (TABLE_BYTES - 2u)
_Static_assert(TABLE_BYTES == 2u * TABLE_ENTRIES + (TABLE_ENTRIES + 1u) / 2u + 2u, "table layout");

extern const uint8_t table_data[TABLE_BYTES] PROGMEM;

/* 1 if the table's CRC matches its contents. `table` points to flash on the AVR. */
uint8_t table_check(const uint8_t *table);
/* Perfect move of a legal unfinished position from `table`, or POS_NO_MOVE if the table
 * has no valid entry for it (a damaged table). */
uint8_t table_move(const uint8_t *table, pos_t p);

#endif
