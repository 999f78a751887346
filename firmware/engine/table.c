/* firmware/engine/table.c - lookup in the packed PROGMEM solution table: rules first, then
 * canonical image, base-3 key, binary search over the sorted keys, move mapped back.
 * Reads flash only through pgm_read_byte/word; never trusts an entry that names an
 * occupied or out-of-range cell. */
#include "table.h"
#include "crc16.h"
#include "sym.h"

uint8_t table_check(const uint8_t *table)
{
    uint16_t crc = CRC16_INIT;
    for (uint16_t i = 0; i < TABLE_CRC_OFFSET; i++)
        crc = crc16_update(crc, pgm_read_byte(&table[i]));
    uint16_t stored = (uint16_t)(pgm_read_byte(&table[TABLE_CRC_OFFSET]) |
                                 (uint16_t)pgm_read_byte(&table[TABLE_CRC_OFFSET + 1u]) << 8);
    return crc == stored;
}

/* Index of `key` among the sorted keys, or -1. */
static int16_t table_find(const uint8_t *table, uint16_t key)
{
    int16_t lo = 0, hi = (int16_t)TABLE_ENTRIES - 1;
    while (lo <= hi) {
        int16_t mid = (int16_t)((lo + hi) >> 1);
        const uint8_t *entry = &table[TABLE_KEYS_OFFSET + 2u * (uint16_t)mid];
        uint16_t probe = (uint16_t)(pgm_read_byte(entry) | (uint16_t)pgm_read_byte(entry + 1) << 8);
        if (probe == key)
            return mid;
        if (probe < key)
            lo = (int16_t)(mid + 1);
        else
            hi = (int16_t)(mid - 1);
    }
    return -1;
}

uint8_t table_move(const uint8_t *table, pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    if (cell != POS_NO_MOVE)
        return cell;
    uint8_t k;
    int16_t index = table_find(table, sym_canonical_key(p, &k));
    if (index < 0)
        return POS_NO_MOVE;
    uint8_t packed = pgm_read_byte(&table[TABLE_MOVES_OFFSET + ((uint16_t)index >> 1)]);
    cell = (index & 1) ? (uint8_t)(packed >> 4) : (uint8_t)(packed & 0x0Fu);
    if (cell >= POS_CELLS)
        return POS_NO_MOVE;
    cell = pos_first_cell(sym_unapply(k, (uint16_t)(1u << cell)));
    return (cell >= POS_CELLS || ((p.x | p.o) & (1u << cell))) ? POS_NO_MOVE : cell;
}
