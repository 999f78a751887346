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

uint8_t table_lookup(const uint8_t *table, sym_canon_t canon)
{
    uint8_t bucket = (uint8_t)(canon.key % TABLE_BUCKETS);
    uint8_t slot = (uint8_t)((uint8_t)(canon.key / TABLE_BUCKETS) +
                             pgm_read_byte(table + TABLE_DISPLACEMENT_OFFSET + bucket)) &
                   (TABLE_SLOTS - 1u);
    uint8_t pair = pgm_read_byte(table + slot / 2u);
    uint8_t cell = (slot & 1u) ? pair >> 4 : pair & 0x0Fu;
    return cell < POS_CELLS ? sym_source(canon.k, cell) : POS_NO_MOVE;
}

uint8_t table_move(const uint8_t *table, pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    return cell != POS_NO_MOVE ? cell : table_lookup(table, sym_canonical(p));
}
