/* firmware/engine/table.h - the packed solution table in PROGMEM (generated at build time by
 * firmware/engine/gen_table.c into build/gen/) and its lookup (pure C, host and AVR).
 *
 * Only "hard" positions are stored: those where no rule decides (no immediate win, no
 * block, more than one empty cell), and only their canonical images (sym.h), sorted by
 * key (sym_canonical()). Layout of the TABLE_BYTES bytes:
 *   [0, 2N)      N entries, uint16 little-endian: bits 4..15 the key's step from the
 *                previous entry's key (from 0 for the first; keys strictly ascend and the
 *                generator checks that every step fits in 12 bits), bits 0..3 the lowest
 *                best cell of the canonical image
 *   then         the block index: the entries form TABLE_BLOCKS blocks of TABLE_BLOCK;
 *                for each block after the first, the key of the entry before it (uint16
 *                little-endian), so a look-up adds up the steps of one block only
 *   last 2 bytes CRC-16/CCITT-FALSE of all the bytes before, high byte first, so that the
 *                CRC of the whole table is 0 */
#ifndef TABLE_H
#define TABLE_H
#include <stdint.h>
#include "pgm.h"
#include "position.h"
#include "sym.h"
#include "table_gen.h" /* TABLE_ENTRIES, TABLE_BYTES (generated) */

#define TABLE_BLOCK 16u
#define TABLE_INDEX_OFFSET (2u * TABLE_ENTRIES)
#define TABLE_CRC_OFFSET (TABLE_INDEX_OFFSET + 2u * (TABLE_BLOCKS - 1u))
_Static_assert(TABLE_BLOCKS == (TABLE_ENTRIES + TABLE_BLOCK - 1u) / TABLE_BLOCK, "table blocks");
_Static_assert(TABLE_BYTES == TABLE_CRC_OFFSET + 2u, "table layout");
_Static_assert(TABLE_BYTES <= 255u, "table_check() and table_lookup() count in a byte");

extern const uint8_t table_data[TABLE_BYTES] PROGMEM;

/* 1 if the table's CRC matches its contents. `table` points to flash on the AVR. */
uint8_t table_check(const uint8_t *table);
/* The table's move for a hard position (pos_forced_move() gives none) whose canonical
 * image is `canon` (sym_canonical()): a cell 0..8 of the position, or POS_NO_MOVE if the
 * table has no valid entry for it (a damaged table). A damaged table may also name an
 * occupied cell: the caller checks (engine_move()). */
uint8_t table_lookup(const uint8_t *table, sym_canon_t canon);
/* Perfect move of a legal unfinished position: the rules' move, else table_lookup()'s
 * (tests and tools; the engine calls the two itself). */
uint8_t table_move(const uint8_t *table, pos_t p);

#endif
