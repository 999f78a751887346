/* firmware/engine/table.h - the packed solution table in PROGMEM (written at build time
 * by gen_table.c) and its lookups (pure C): every perfect move of each "hard" canonical
 * image; the layout: firmware/engine/README.md, "The table in PROGMEM". */
#ifndef TABLE_H
#define TABLE_H
#include <stdbool.h>
#include <stdint.h>

#include "pgm.h"
#include "position.h"
#include "sym.h"
#include "table_gen.h" /* TABLE_ENTRIES, TABLE_BUCKETS, TABLE_BYTES (generated) */

#define TABLE_SLOTS 128u               /* a power of two: the slot is the low bits of a byte sum */
#define TABLE_CELL8_OFFSET TABLE_SLOTS /* cell 8's bits after the slots' cells 0..7 */
#define TABLE_DISPLACEMENT_OFFSET (TABLE_CELL8_OFFSET + TABLE_SLOTS / 8u)
#define TABLE_CRC_OFFSET (TABLE_DISPLACEMENT_OFFSET + TABLE_BUCKETS)
_Static_assert((TABLE_SLOTS & (TABLE_SLOTS - 1u)) == 0u && TABLE_SLOTS <= 256u, "slots");
_Static_assert(TABLE_ENTRIES <= TABLE_SLOTS, "every image has its slot");
_Static_assert(TABLE_BYTES == TABLE_CRC_OFFSET + 2u, "table layout");
_Static_assert(TABLE_BYTES <= 255u, "table_check() counts in a byte");

extern const uint8_t table_data[TABLE_BYTES] PROGMEM;

bool table_check(const uint8_t *table); /* the CRC matches (table in flash on the AVR) */
/* Precondition of both: p hard (no forced move), canon = sym_canonical(p); a damaged
 * table may name occupied cells (engine.c checks). The image's lowest perfect cell,
 * mapped back to p (POS_NO_MOVE: an empty slot). */
uint8_t table_lookup(const uint8_t *table, sym_canon_t canon);
/* Every perfect move of p (cells 0..8; 0: an empty slot). */
uint16_t table_cells(const uint8_t *table, sym_canon_t canon);
uint8_t table_move(const uint8_t *table, pos_t p); /* the rules' move, else the table's */

#endif
