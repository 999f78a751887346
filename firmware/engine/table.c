/* firmware/engine/table.c - lookup in the packed PROGMEM solution table: the block index
 * picks the block of the canonical image's key (at most TABLE_BLOCKS - 1 reads), the
 * key is found by adding up that block's key steps (at most TABLE_BLOCK entries,
 * stopping once past the key), and the entry's move is mapped back through the image's
 * symmetry. Reads flash only through pgm_read_byte; never returns a cell out of
 * range (whether it is empty is engine_move()'s check). */
#include "table.h"
#include "crc16.h"

uint8_t table_check(const uint8_t *table)
{
    uint16_t crc = CRC16_INIT;
    for (uint8_t i = 0; i < TABLE_BYTES; i++) /* the entries, then their CRC: 0 if intact */
        crc = crc16_update(crc, pgm_read_byte(table++));
    return crc == 0;
}

uint8_t table_lookup(const uint8_t *table, sym_canon_t canon)
{
    /* The block: the last one whose preceding key is below ours (the index ascends). */
    const uint8_t *entry = table, *index = table + TABLE_INDEX_OFFSET;
    uint16_t sum = 0;
    uint8_t left = TABLE_ENTRIES;
    for (uint8_t b = 1; b < TABLE_BLOCKS; b++, index += 2) {
        uint16_t before = pgm_read_word(index);
        if (before >= canon.key)
            break;
        sum = before;
        entry = table + 2u * TABLE_BLOCK * b;
        left = (uint8_t)(TABLE_ENTRIES - TABLE_BLOCK * b);
    }
    /* Its entries: add up the steps until the key is reached or passed. */
    for (; left && sum <= canon.key; left--, entry += 2) {
        uint8_t low = pgm_read_byte(entry), cell = low & 0x0Fu;
        sum = (uint16_t)(sum + ((uint16_t)pgm_read_byte(entry + 1) << 4 | low >> 4));
        if (sum == canon.key && cell < POS_CELLS)
            return sym_source(canon.k, cell);
    }
    return POS_NO_MOVE;
}

uint8_t table_move(const uint8_t *table, pos_t p)
{
    uint8_t cell = pos_forced_move(p);
    return cell != POS_NO_MOVE ? cell : table_lookup(table, sym_canonical(p));
}
