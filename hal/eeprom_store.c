/* hal/eeprom_store.c - power-safe records over the byte device (pure C, host-tested by
 * cutting power at every write step).
 *
 * Layout: record id k (0..3) owns two 64-byte slots at 128*k and 128*k + 64:
 *   [0] commit marker (EEPROM_COMMITTED = valid, anything else = being written)
 *   [1..2] sequence number (little-endian uint16, newer = larger, serial arithmetic)
 *   [3] payload length  [4..51] payload  [52..53] CRC-16 (crc16.h) over id, seq,
 *   length and payload.
 * A save writes the OLDER (or an invalid) slot in this order: clear the marker, write
 * the changed bytes of seq/len/payload/CRC, set the marker. Until the marker is set the
 * slot is invalid and load() returns the other slot (the previous record); once set,
 * the new record is complete. So a power cut at any byte leaves the old or the new
 * record, never garbage. Only bytes whose value changes are programmed (wear, time).
 */
#include "eeprom_store.h"

#include "crc16.h"
#include "eeprom_dev.h"

#define EEPROM_RECORDS 4u
#define EEPROM_SLOT 64u
#define EEPROM_COMMITTED 0xA5u
#define EEPROM_UNCOMMITTED 0x00u
#define EEPROM_OFF_SEQ 1u
#define EEPROM_OFF_LEN 3u
#define EEPROM_OFF_DATA 4u
#define EEPROM_OFF_CRC (EEPROM_OFF_DATA + EEPROM_RECORD_MAX)
_Static_assert(EEPROM_OFF_CRC + 2u <= EEPROM_SLOT, "a record must fit its slot");
_Static_assert(EEPROM_RECORDS * 2u * EEPROM_SLOT <= EEPROM_DEV_SIZE, "slots must fit");

typedef struct {
    uint8_t valid;
    uint16_t seq;
} slot_info_t;

static uint16_t slot_addr(uint8_t id, uint8_t slot)
{
    return (uint16_t)((id * 2u + slot) * EEPROM_SLOT);
}

static uint16_t read16(uint16_t addr)
{
    return (uint16_t)(eeprom_dev_read(addr) | (eeprom_dev_read((uint16_t)(addr + 1u)) << 8));
}

static uint16_t record_crc(uint8_t id, uint16_t seq, uint8_t len, uint16_t data_addr,
                           const uint8_t *ram)
{
    uint16_t crc = CRC16_INIT;
    crc = crc16_update(crc, id);
    crc = crc16_update(crc, (uint8_t)seq);
    crc = crc16_update(crc, (uint8_t)(seq >> 8));
    crc = crc16_update(crc, len);
    for (uint8_t i = 0; i < len; i++)
        crc = crc16_update(crc, ram ? ram[i] : eeprom_dev_read((uint16_t)(data_addr + i)));
    return crc;
}

static slot_info_t slot_check(uint8_t id, uint8_t slot, uint8_t want_len)
{
    uint16_t a = slot_addr(id, slot);
    slot_info_t s = {0, 0};
    uint8_t len = eeprom_dev_read((uint16_t)(a + EEPROM_OFF_LEN));

    if (eeprom_dev_read(a) != EEPROM_COMMITTED || len != want_len)
        return s;
    s.seq = read16((uint16_t)(a + EEPROM_OFF_SEQ));
    if (record_crc(id, s.seq, len, (uint16_t)(a + EEPROM_OFF_DATA), 0) !=
        read16((uint16_t)(a + EEPROM_OFF_CRC)))
        return s;
    s.valid = 1;
    return s;
}

/* Index of the newest valid slot, or -1. */
static int8_t newest_slot(uint8_t id, uint8_t len, slot_info_t info[2])
{
    info[0] = slot_check(id, 0, len);
    info[1] = slot_check(id, 1, len);
    if (info[0].valid && info[1].valid)
        return (int16_t)(uint16_t)(info[1].seq - info[0].seq) > 0 ? 1 : 0;
    if (info[0].valid)
        return 0;
    if (info[1].valid)
        return 1;
    return -1;
}

static void update_byte(uint16_t addr, uint8_t value)
{
    if (eeprom_dev_read(addr) != value)
        eeprom_dev_write(addr, value);
}

uint8_t eeprom_store_load(uint8_t id, void *buf, uint8_t len)
{
    slot_info_t info[2];
    int8_t s;
    uint8_t *out = buf;

    if (id >= EEPROM_RECORDS || len == 0 || len > EEPROM_RECORD_MAX)
        return 0;
    s = newest_slot(id, len, info);
    if (s < 0)
        return 0;
    for (uint8_t i = 0; i < len; i++)
        out[i] = eeprom_dev_read((uint16_t)(slot_addr(id, (uint8_t)s) + EEPROM_OFF_DATA + i));
    return 1;
}

uint8_t eeprom_store_save(uint8_t id, const void *buf, uint8_t len)
{
    slot_info_t info[2];
    const uint8_t *in = buf;
    int8_t s;
    uint8_t target;
    uint16_t seq, a, crc;

    if (id >= EEPROM_RECORDS || len == 0 || len > EEPROM_RECORD_MAX)
        return 0;
    s = newest_slot(id, len, info);
    if (s >= 0) {
        uint16_t d = (uint16_t)(slot_addr(id, (uint8_t)s) + EEPROM_OFF_DATA);
        uint8_t same = 1;
        for (uint8_t i = 0; i < len && same; i++)
            same = eeprom_dev_read((uint16_t)(d + i)) == in[i];
        if (same)
            return 1; /* already stored: no write at all */
        target = (uint8_t)(s ^ 1);
        seq = (uint16_t)(info[s].seq + 1u);
    } else {
        target = 0;
        seq = 1;
    }
    a = slot_addr(id, target);
    crc = record_crc(id, seq, len, 0, in);

    update_byte(a, EEPROM_UNCOMMITTED); /* 1: the slot is invalid from here on */
    update_byte((uint16_t)(a + EEPROM_OFF_SEQ), (uint8_t)seq);
    update_byte((uint16_t)(a + EEPROM_OFF_SEQ + 1u), (uint8_t)(seq >> 8));
    update_byte((uint16_t)(a + EEPROM_OFF_LEN), len);
    for (uint8_t i = 0; i < len; i++)
        update_byte((uint16_t)(a + EEPROM_OFF_DATA + i), in[i]);
    update_byte((uint16_t)(a + EEPROM_OFF_CRC), (uint8_t)crc);
    update_byte((uint16_t)(a + EEPROM_OFF_CRC + 1u), (uint8_t)(crc >> 8));
    update_byte(a, EEPROM_COMMITTED); /* 2: commit */

    /* Verify by reading back (a worn or failing cell shows here). */
    return slot_check(id, target, len).valid &&
           read16((uint16_t)(a + EEPROM_OFF_SEQ)) == seq;
}
