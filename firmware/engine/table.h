/* firmware/engine/table.h - the packed solution tables in PROGMEM (written at build time
 * by gen_table.c) and their lookups (pure C): every perfect move of each "hard"
 * canonical image, the normal game's and misère's; the layout: firmware/engine/README.md,
 * "The table in PROGMEM". */
#ifndef TABLE_H
#define TABLE_H
#include <stdbool.h>
#include <stdint.h>

#include "pgm.h"
#include "position.h"
#include "sym.h"
#include "table_gen.h"  /* TABLE_SLOTS, TABLE_ENTRIES, TABLE_BUCKETS, TABLE_BYTES (generated) */
#include "misere_gen.h" /* the same for misère's table, MISERE_TABLE_* (generated) */

#define TABLE_CELL8_OFFSET TABLE_SLOTS /* cell 8's bits after the slots' cells 0..7 */
#define TABLE_DISPLACEMENT_OFFSET (TABLE_CELL8_OFFSET + TABLE_SLOTS / 8u)
#define TABLE_CRC_OFFSET (TABLE_DISPLACEMENT_OFFSET + TABLE_BUCKETS)
_Static_assert(TABLE_SLOTS <= 256u && !(TABLE_SLOTS & (TABLE_SLOTS - 1u)),
               "a displacement is a byte; the slot is the low bits of a sum");
_Static_assert(TABLE_BYTES == TABLE_CRC_OFFSET + 2u, "table layout");
/* Misère's: past 256 slots a displacement has a ninth bit, in a bitmap after the bytes. */
#define MISERE_TABLE_DISPLACEMENT_OFFSET (MISERE_TABLE_SLOTS + MISERE_TABLE_SLOTS / 8u)
#define MISERE_TABLE_NINTH_OFFSET (MISERE_TABLE_DISPLACEMENT_OFFSET + MISERE_TABLE_BUCKETS)
#define MISERE_TABLE_CRC_OFFSET (MISERE_TABLE_NINTH_OFFSET + (MISERE_TABLE_BUCKETS + 7u) / 8u)
_Static_assert(MISERE_TABLE_SLOTS == 512u, "a displacement is a byte and a ninth bit");
_Static_assert(MISERE_TABLE_BYTES == MISERE_TABLE_CRC_OFFSET + 2u, "misère's table layout");
_Static_assert(TABLE_BUCKETS <= 255u && MISERE_TABLE_BUCKETS <= 255u, "a bucket is a byte");
_Static_assert(TABLE_ENTRIES <= TABLE_SLOTS && MISERE_TABLE_ENTRIES <= MISERE_TABLE_SLOTS,
               "every image has its slot");

extern const uint8_t table_data[TABLE_BYTES] PROGMEM;
extern const uint8_t misere_table[MISERE_TABLE_BYTES] PROGMEM;

/* The CRC of `bytes` bytes (a table, then its CRC) is 0: the table is intact. */
bool table_crc_ok(const uint8_t *table, uint16_t bytes);
bool table_check(const uint8_t *table); /* the normal table's CRC matches */
/* Precondition of the look-ups: p hard under the table's rule (no rule decides), canon =
 * sym_canonical(p), misere: which layout the table has, the normal game's or misère's; a
 * damaged table may name occupied cells (engine.c checks).
 * The image's lowest perfect cell, mapped back to p (POS_NO_MOVE: an empty slot). */
uint8_t table_lookup(const uint8_t *table, sym_canon_t canon, bool misere);
/* Every perfect move of p (cells 0..8; 0: an empty slot). */
uint16_t table_cells(const uint8_t *table, sym_canon_t canon, bool misere);
/* The normal game's: the rules' move, else the table's. */
uint8_t table_move(const uint8_t *table, pos_t p);

#endif
