/* hal/eeprom_store.c - power-safe records over the byte device, written in the
 * background (pure C, host-tested by cutting power at every write step).
 *
 * Layout: record id k (0..3) owns two 64-byte slots at 128*k and 128*k + 64:
 *   [0] commit marker (EEPROM_COMMITTED = valid, anything else = being written)
 *   [1..2] sequence number (little-endian uint16, newer = larger, serial arithmetic)
 *   [3] payload length  [4..51] payload  [52..53] CRC-16 (crc16.h) over id and bytes
 *   1..3+length.
 * A save writes the OLDER (or an invalid) slot in this order: clear the marker, write
 * the changed bytes of seq/len/payload/CRC, set the marker. Until the marker is set the
 * slot is invalid and load() returns the other slot (the previous record); once set,
 * the new record is complete. So a power cut at any byte leaves the old or the new
 * record, never garbage. Only bytes whose value changes are programmed (wear, time).
 * Invariant: while a save runs, store_step counts the bytes of the sequence above that
 * are done, and store_img holds the slot's new bytes (a copy: the caller's record may
 * change meanwhile; it is simply saved again afterwards).
 */
#include "eeprom_store.h"

#include "crc16.h"
#include "eeprom_dev.h"
#include "power.h"

#define EEPROM_RECORDS 4u
#define EEPROM_SLOT 64u
#define EEPROM_COMMITTED 0xA5u
#define EEPROM_OFF_LEN 3u
#define EEPROM_OFF_DATA 4u
#define EEPROM_OFF_CRC (EEPROM_OFF_DATA + EEPROM_RECORD_MAX)
_Static_assert(EEPROM_OFF_CRC + 2u <= EEPROM_SLOT, "a record must fit its slot");
_Static_assert(EEPROM_RECORDS * 2u * EEPROM_SLOT <= EEPROM_DEV_SIZE, "slots must fit");

static uint8_t store_img[EEPROM_OFF_CRC + 2u]; /* the slot being written; [0] = 0 */
static uint16_t store_addr;                    /* its address */
static uint8_t store_steps;                    /* bytes to write, 0: no save under way */
static uint8_t store_step;
static uint8_t store_waiting;                  /* the supply is too low: paused */
static uint16_t store_failures, store_vcc_refusals;

/* 1 if the slot at a holds a valid len-byte record of id; its sequence in *seq. */
static uint8_t slot_valid(uint8_t id, uint16_t a, uint8_t len, uint16_t *seq)
{
    uint16_t crc = crc16_update(CRC16_INIT, id);
    if (eeprom_dev_read(a) != EEPROM_COMMITTED ||
        eeprom_dev_read((uint16_t)(a + EEPROM_OFF_LEN)) != len) {
        return 0;
    }
    for (uint8_t i = 1; i < EEPROM_OFF_DATA + len; i++) {
        crc = crc16_update(crc, eeprom_dev_read((uint16_t)(a + i)));
    }
    *seq = (uint16_t)(eeprom_dev_read((uint16_t)(a + 1u)) |
                      eeprom_dev_read((uint16_t)(a + 2u)) << 8);
    return eeprom_dev_read((uint16_t)(a + EEPROM_OFF_CRC)) == (uint8_t)crc &&
           eeprom_dev_read((uint16_t)(a + EEPROM_OFF_CRC + 1u)) == (uint8_t)(crc >> 8);
}

/* The newest valid slot of id: 1 and its address and sequence, or 0 (then *a is the
 * record's first slot and *seq is 0xFFFF, so the next sequence is 0). */
static uint8_t newest_slot(uint8_t id, uint8_t len, uint16_t *a, uint16_t *seq)
{
    uint16_t s0, s1;
    uint16_t a0 = (uint16_t)(id * 2u * EEPROM_SLOT);
    uint8_t v0 = slot_valid(id, a0, len, &s0);
    uint8_t v1 = slot_valid(id, (uint16_t)(a0 + EEPROM_SLOT), len, &s1);
    *a = a0;
    *seq = v0 ? s0 : 0xFFFFu;
    /* both valid: the newer by serial arithmetic */
    if (v1 && (!v0 || (int16_t)(uint16_t)(s1 - s0) > 0)) {
        *a = (uint16_t)(a0 + EEPROM_SLOT);
        *seq = s1;
    }
    return v0 | v1;
}

static uint8_t store_args_ok(uint8_t id, uint8_t len)
{
    return id < EEPROM_RECORDS && len && len <= EEPROM_RECORD_MAX && !store_steps;
}

void eeprom_store_init(void)
{
    store_steps = 0;
    store_failures = 0;
    store_vcc_refusals = 0;
}

uint8_t eeprom_store_load(uint8_t id, void *buf, uint8_t len)
{
    uint16_t a, seq;
    uint8_t *out = buf;
    if (!store_args_ok(id, len) || !newest_slot(id, len, &a, &seq)) {
        return 0;
    }
    for (uint8_t i = 0; i < len; i++) {
        out[i] = eeprom_dev_read((uint16_t)(a + EEPROM_OFF_DATA + i));
    }
    return 1;
}

uint8_t eeprom_store_start(uint8_t id, const void *buf, uint8_t len)
{
    const uint8_t *in = buf;
    uint16_t a, seq, crc;
    uint8_t i;
    if (!store_args_ok(id, len) || !eeprom_dev_ready()) {
        return 0;
    }
    if (newest_slot(id, len, &a, &seq)) {
        for (i = 0; i < len && eeprom_dev_read((uint16_t)(a + EEPROM_OFF_DATA + i)) == in[i]; i++) {
        }
        if (i == len) {
            return 1; /* already stored: no write at all */
        }
        a ^= EEPROM_SLOT; /* the other slot */
    }
    seq++;
    store_img[1] = (uint8_t)seq;
    store_img[2] = (uint8_t)(seq >> 8);
    store_img[EEPROM_OFF_LEN] = len;
    crc = crc16_update(CRC16_INIT, id);
    for (i = 1; i < EEPROM_OFF_DATA + len; i++) {
        if (i >= EEPROM_OFF_DATA) {
            store_img[i] = in[i - EEPROM_OFF_DATA];
        }
        crc = crc16_update(crc, store_img[i]);
    }
    store_img[EEPROM_OFF_CRC] = (uint8_t)crc;
    store_img[EEPROM_OFF_CRC + 1u] = (uint8_t)(crc >> 8);
    store_addr = a;
    store_step = 0;
    store_steps = (uint8_t)(EEPROM_OFF_DATA + len + 3u); /* + CRC + the commit */
    store_waiting = 0;
    return 1;
}

void eeprom_store_poll(void)
{
    if (!store_steps || !eeprom_dev_ready()) {
        return;
    }
    while (store_step < store_steps) { /* bounded: at most store_steps reads per call */
        uint8_t last = (uint8_t)(store_steps - 1u);
        /* the slot offset of this step: 0..3+len, then the CRC, then the marker again */
        uint8_t off = store_step < last - 2u ? store_step
                      : store_step < last   ? (uint8_t)(EEPROM_OFF_CRC + store_step - (last - 2u))
                                            : 0u;
        uint8_t value = store_step == last ? EEPROM_COMMITTED : store_img[off];
        uint16_t addr = (uint16_t)(store_addr + off);
        if (eeprom_dev_read(addr) != value) {
            if (power_vcc_decivolts() < EEPROM_STORE_VCC_MIN_DV) {
                store_vcc_refusals += !store_waiting; /* one count per wait */
                store_waiting = 1;
                return; /* try again on a later pass */
            }
            store_waiting = 0;
            eeprom_dev_write(addr, value);
            store_step++;
            return;
        }
        store_step++; /* already right: nothing to program */
    }
    /* Everything is written: read it back (a worn or failing cell shows here). */
    uint16_t seq;
    store_steps = 0;
    if (!slot_valid((uint8_t)(store_addr / (2u * EEPROM_SLOT)), store_addr,
                    store_img[EEPROM_OFF_LEN], &seq) ||
        seq != (uint16_t)(store_img[1] | store_img[2] << 8)) {
        store_failures++;
    }
}

uint8_t eeprom_store_busy(void)
{
    return store_steps != 0;
}

uint8_t eeprom_store_waiting_vcc(void)
{
    return store_steps && store_waiting;
}

uint16_t eeprom_store_failures(void)
{
    return store_failures;
}

uint16_t eeprom_store_vcc_refusals(void)
{
    return store_vcc_refusals;
}
