/* hal/eeprom_store.c - power-safe records over the byte device, written in the
 * background (pure C, host-tested by cutting power at every write step).
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
 * Invariant: while a save runs, store_job.step counts the bytes of the sequence above
 * that are done; the job holds its own copy of the payload, so the caller's record may
 * change meanwhile (it is simply saved again afterwards).
 */
#include "eeprom_store.h"

#include "crc16.h"
#include "eeprom_dev.h"
#include "power.h"

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

/* The save under way: bytes in write order are marker (uncommitted), seq lo, seq hi,
 * len, payload, crc lo, crc hi, marker (committed); then the read-back check. */
static struct {
    uint8_t active;
    uint8_t waiting_vcc;
    uint8_t id, len, step;
    uint16_t addr; /* slot base */
    uint16_t seq, crc;
    uint8_t data[EEPROM_RECORD_MAX];
} store_job;
static uint16_t store_failures, store_vcc_refusals;

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

void eeprom_store_init(void)
{
    store_job.active = 0;
    store_failures = 0;
    store_vcc_refusals = 0;
}

uint8_t eeprom_store_load(uint8_t id, void *buf, uint8_t len)
{
    slot_info_t info[2];
    int8_t s;
    uint8_t *out = buf;

    if (id >= EEPROM_RECORDS || len == 0 || len > EEPROM_RECORD_MAX || store_job.active)
        return 0;
    s = newest_slot(id, len, info);
    if (s < 0)
        return 0;
    for (uint8_t i = 0; i < len; i++)
        out[i] = eeprom_dev_read((uint16_t)(slot_addr(id, (uint8_t)s) + EEPROM_OFF_DATA + i));
    return 1;
}

uint8_t eeprom_store_start(uint8_t id, const void *buf, uint8_t len)
{
    slot_info_t info[2];
    const uint8_t *in = buf;
    int8_t s;
    uint8_t target, i;

    if (id >= EEPROM_RECORDS || len == 0 || len > EEPROM_RECORD_MAX || store_job.active ||
        !eeprom_dev_ready())
        return 0;
    s = newest_slot(id, len, info);
    if (s >= 0) {
        uint16_t d = (uint16_t)(slot_addr(id, (uint8_t)s) + EEPROM_OFF_DATA);
        for (i = 0; i < len && eeprom_dev_read((uint16_t)(d + i)) == in[i]; i++) {
        }
        if (i == len)
            return 1; /* already stored: no write at all */
        target = (uint8_t)(s ^ 1);
        store_job.seq = (uint16_t)(info[s].seq + 1u);
    } else {
        target = 0;
        store_job.seq = 1;
    }
    for (i = 0; i < len; i++)
        store_job.data[i] = in[i];
    store_job.id = id;
    store_job.len = len;
    store_job.step = 0;
    store_job.addr = slot_addr(id, target);
    store_job.crc = record_crc(id, store_job.seq, len, 0, store_job.data);
    store_job.waiting_vcc = 0;
    store_job.active = 1;
    return 1;
}

/* Address and value of byte `step` of the save's write sequence. */
static uint16_t store_step(uint8_t step, uint8_t *value)
{
    uint8_t last = (uint8_t)(EEPROM_OFF_DATA + store_job.len + 2u); /* the commit */
    uint16_t off;
    if (step == 0 || step == last) {
        *value = step ? EEPROM_COMMITTED : EEPROM_UNCOMMITTED;
        off = 0;
    } else if (step < EEPROM_OFF_DATA) {
        uint8_t seq_len[3] = {(uint8_t)store_job.seq, (uint8_t)(store_job.seq >> 8),
                              store_job.len};
        *value = seq_len[step - 1u];
        off = step;
    } else if (step < EEPROM_OFF_DATA + store_job.len) {
        *value = store_job.data[step - EEPROM_OFF_DATA];
        off = step;
    } else {
        uint8_t k = (uint8_t)(step - EEPROM_OFF_DATA - store_job.len); /* 0 or 1 */
        *value = k ? (uint8_t)(store_job.crc >> 8) : (uint8_t)store_job.crc;
        off = (uint16_t)(EEPROM_OFF_CRC + k);
    }
    return (uint16_t)(store_job.addr + off);
}

void eeprom_store_poll(void)
{
    uint8_t steps;
    if (!store_job.active || !eeprom_dev_ready())
        return;
    steps = (uint8_t)(EEPROM_OFF_DATA + store_job.len + 3u);
    while (store_job.step < steps) { /* bounded: at most `steps` reads per call */
        uint8_t value;
        uint16_t addr = store_step(store_job.step, &value);
        if (eeprom_dev_read(addr) == value) {
            store_job.step++; /* already right: nothing to program */
            continue;
        }
        if (power_vcc_decivolts() < EEPROM_STORE_VCC_MIN_DV) {
            if (!store_job.waiting_vcc)
                store_vcc_refusals++;
            store_job.waiting_vcc = 1; /* try again on a later pass */
            return;
        }
        store_job.waiting_vcc = 0;
        eeprom_dev_write(addr, value);
        store_job.step++;
        return;
    }
    /* Everything is written: read it back (a worn or failing cell shows here). */
    if (!slot_check(store_job.id, (uint8_t)((store_job.addr / EEPROM_SLOT) & 1u),
                    store_job.len).valid ||
        read16((uint16_t)(store_job.addr + EEPROM_OFF_SEQ)) != store_job.seq)
        store_failures++;
    store_job.active = 0;
}

uint8_t eeprom_store_busy(void)
{
    return store_job.active;
}

uint8_t eeprom_store_waiting_vcc(void)
{
    return store_job.active && store_job.waiting_vcc;
}

uint16_t eeprom_store_failures(void)
{
    return store_failures;
}

uint16_t eeprom_store_vcc_refusals(void)
{
    return store_vcc_refusals;
}
