/* firmware/engine/table.h - the packed solution table in PROGMEM (generated at build time by
 * firmware/engine/gen_table.c into build/gen/) and its lookup (pure C, host and AVR).
 *
 * Only "hard" positions are stored: those where no rule decides (no immediate win, no
 * block, more than one empty cell), and only their canonical images (sym.h), each
 * found from its key (sym_canonical()) by hash and displace: its bucket is
 * key % TABLE_BUCKETS, its slot (key / TABLE_BUCKETS + the bucket's displacement) %
 * TABLE_SLOTS. The generator chooses the displacements so that the keys land in
 * distinct slots, and the fewest buckets for which it can. Layout of the TABLE_BYTES
 * bytes:
 *   [0, TABLE_SLOTS / 2)   the slots, two to a byte (the even slot in the low nibble):
 *                          the lowest best cell of the canonical image placed there,
 *                          0xF in a slot no image uses
 *   then TABLE_BUCKETS     the displacement of each bucket, below TABLE_SLOTS
 *   last 2 bytes           CRC-16/CCITT-FALSE of all the bytes before, high byte first,
 *                          so that the CRC of the whole table is 0 */
#ifndef TABLE_H
#define TABLE_H
#include <stdint.h>
#include "pgm.h"
#include "position.h"
#include "sym.h"
#include "table_gen.h" /* TABLE_ENTRIES, TABLE_BUCKETS, TABLE_BYTES (generated) */

#define TABLE_SLOTS 128u /* a power of two: the slot is the low bits of a byte sum */
#define TABLE_DISPLACEMENT_OFFSET (TABLE_SLOTS / 2u)
#define TABLE_CRC_OFFSET (TABLE_DISPLACEMENT_OFFSET + TABLE_BUCKETS)
_Static_assert((TABLE_SLOTS & (TABLE_SLOTS - 1u)) == 0u && TABLE_SLOTS <= 256u, "slots");
_Static_assert(TABLE_ENTRIES <= TABLE_SLOTS, "every image has its slot");
_Static_assert(TABLE_BYTES == TABLE_CRC_OFFSET + 2u, "table layout");
_Static_assert(TABLE_BYTES <= 255u, "table_check() counts in a byte");

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
