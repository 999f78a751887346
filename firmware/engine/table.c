/* firmware/engine/table.c - lookup in the packed PROGMEM solution tables
 * (firmware/engine/README.md, "The table in PROGMEM"). */
#include "table.h"
#include "crc16.h"

bool table_crc_ok(const uint8_t *table, uint16_t bytes)
{
    uint16_t crc = CRC16_INIT;
    for (uint16_t i = 0; i < bytes; i++) /* the table, then its CRC: 0 if intact */
        crc = crc16_update(crc, pgm_read_byte(table++));
    return crc == 0;
}

bool table_check(const uint8_t *table)
{
    return table_crc_ok(table, TABLE_BYTES);
}

/* The image's perfect moves (0: an empty slot), in the normal game's layout or misère's:
 * past 256 slots (misère's 512) a displacement is its byte and a ninth bit. */
static uint16_t table_image_cells(const uint8_t *table, uint16_t key, bool misere)
{
    uint16_t slots = misere ? MISERE_TABLE_SLOTS : TABLE_SLOTS;
    uint8_t buckets = misere ? MISERE_TABLE_BUCKETS : TABLE_BUCKETS;
    const uint8_t *cell8 = table + slots;
    const uint8_t *displacement =
        table + (misere ? MISERE_TABLE_DISPLACEMENT_OFFSET : TABLE_DISPLACEMENT_OFFSET);
    uint8_t bucket = (uint8_t)(key % buckets);
    uint16_t slot = key / buckets + pgm_read_byte(displacement + bucket);
    if (slots > 256u && pgm_read_byte(displacement + buckets + bucket / 8u) >> (bucket & 7u) & 1u)
        slot += 256u;
    slot &= slots - 1u;
    uint16_t cells = pgm_read_byte(table + slot);
    if (pgm_read_byte(cell8 + slot / 8u) >> (slot & 7u) & 1u)
        cells |= 1u << 8;
    return cells;
}

/* The image's lowest cell mapped back: the image's cell j is the position's cell
 * sym_source(k, j). */
static uint8_t table_first_back(uint16_t image, uint8_t k)
{
    return image ? sym_source(k, pos_first_cell(image)) : POS_NO_MOVE;
}

uint8_t table_lookup(const uint8_t *table, sym_canon_t canon, bool misere)
{
    return table_first_back(table_image_cells(table, canon.key, misere), canon.k);
}

uint16_t table_cells(const uint8_t *table, sym_canon_t canon, bool misere)
{
    /* every cell mapped back: the image's image under the symmetry that undoes k */
    return sym_image(sym_inverse(canon.k), table_image_cells(table, canon.key, misere));
}

uint8_t table_move(const uint8_t *table, pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    return cell != POS_NO_MOVE ? cell : table_lookup(table, sym_canonical(p), false);
}
