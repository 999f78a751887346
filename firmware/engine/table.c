/* firmware/engine/table.c - lookup in the packed PROGMEM solution table
 * (firmware/engine/README.md, "The table in PROGMEM"). */
#include "table.h"
#include "crc16.h"

bool table_check(const uint8_t *table)
{
    uint16_t crc = CRC16_INIT;
    for (uint8_t i = 0; i < TABLE_BYTES; i++) /* the table, then its CRC: 0 if intact */
        crc = crc16_update(crc, pgm_read_byte(table++));
    return crc == 0;
}

/* The image's perfect moves (0: an empty slot). */
static uint16_t table_image_cells(const uint8_t *table, uint16_t key)
{
    uint8_t bucket = (uint8_t)(key % TABLE_BUCKETS);
    uint8_t slot = (uint8_t)((uint8_t)(key / TABLE_BUCKETS) +
                             pgm_read_byte(table + TABLE_DISPLACEMENT_OFFSET + bucket)) &
                   (TABLE_SLOTS - 1u);
    uint16_t cells = pgm_read_byte(table + slot);
    if (pgm_read_byte(table + TABLE_CELL8_OFFSET + slot / 8u) >> (slot & 7u) & 1u)
        cells |= 1u << 8;
    return cells;
}

uint8_t table_lookup(const uint8_t *table, sym_canon_t canon)
{
    uint16_t image = table_image_cells(table, canon.key);
    return image ? sym_source(canon.k, pos_first_cell(image)) : POS_NO_MOVE;
}

/* The image's cell j is the position's cell sym_source(k, j). */
uint16_t table_cells(const uint8_t *table, sym_canon_t canon)
{
    uint16_t image = table_image_cells(table, canon.key), cells = 0;
    for (uint8_t j = 0; image; j++, image >>= 1)
        if (image & 1u)
            cells |= (uint16_t)(1u << sym_source(canon.k, j));
    return cells;
}

uint8_t table_move(const uint8_t *table, pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    return cell != POS_NO_MOVE ? cell : table_lookup(table, sym_canonical(p));
}
