/* hal/eeprom_store.c - power-safe records over the byte device through one RAM image of
 * a slot (hal/README.md, "EEPROM records"). Invariant: while a save runs (store.next !=
 * 0), the slot's bytes below store.next - 1 equal the image's, and store_img[0] is 0
 * until the marker is written. */
#include "eeprom_store.h"

#include <string.h>

#include "crc16.h"
#include "eeprom_dev.h"
#include "power.h"

#define EEPROM_RECORDS 5u
#define EEPROM_SLOT 64u
#define EEPROM_COMMITTED 0xA5u
#define EEPROM_OFF_SEQ 1u
#define EEPROM_OFF_LEN 2u
#define EEPROM_OFF_DATA 3u
#define EEPROM_IMG (EEPROM_OFF_DATA + EEPROM_RECORD_MAX + 2u)
_Static_assert(EEPROM_IMG <= EEPROM_SLOT, "a record must fit its slot");
_Static_assert(EEPROM_RECORDS * 2u * EEPROM_SLOT <= EEPROM_DEV_SIZE, "slots must fit");

static uint8_t store_img[EEPROM_IMG];
static uint8_t store_slot;          /* the slot in the image (being written), 2 * id + 0/1 */
static uint8_t store_id, store_len; /* the record loaded or being saved */
static struct {
    uint8_t next; /* 0: no save, else 1 + the offset to look at next */
    bool waiting; /* the save waits for the supply to recover */
    uint16_t failures, vcc_refusals;
} store;

/* Bytes of the slot in use: header, payload, CRC. */
#define STORE_END ((uint8_t)(EEPROM_OFF_DATA + store_len + 2u))

static uint16_t store_addr(uint8_t off)
{
    return (uint16_t)(store_slot * EEPROM_SLOT + off);
}

static uint8_t store_read(uint8_t off)
{
    return eeprom_dev_read(store_addr(off));
}

/* The first offset from off where the slot differs from the image, or STORE_END. */
static uint8_t store_diff(uint8_t off)
{
    while (off < STORE_END && store_read(off) == store_img[off])
        off++;
    return off;
}

static uint16_t store_crc(uint8_t end)
{
    uint16_t crc = crc16_update(CRC16_INIT, store_id);
    for (uint8_t i = 1; i < end; i++)
        crc = crc16_update(crc, store_img[i]);
    return crc;
}

/* Slot 0 or 1 of store_id into the image; true if valid and of store_len bytes. */
static bool store_read_slot(uint8_t slot)
{
    store_slot = (uint8_t)(store_id * 2u + slot);
    for (uint8_t i = 0; i < EEPROM_IMG; i++)
        store_img[i] = store_read(i);
    return store_img[0] == EEPROM_COMMITTED && store_img[EEPROM_OFF_LEN] == store_len &&
           store_crc(STORE_END) == 0;
}

/* The newest valid slot into the image; false if none (store_slot then at slot 0). */
static bool store_newest(void)
{
    bool valid1 = store_read_slot(1);
    uint8_t seq1 = store_img[EEPROM_OFF_SEQ];
    bool valid0 = store_read_slot(0);
    if (valid0 && (!valid1 || (int8_t)(uint8_t)(seq1 - store_img[EEPROM_OFF_SEQ]) <= 0))
        return true;
    return valid1 && store_read_slot(1);
}

/* False if the arguments are bad or a save is under way. */
static bool store_args(uint8_t id, uint8_t len)
{
    if (store.next)
        return false;
    store_id = id;
    store_len = len;
    return id < EEPROM_RECORDS && len && len <= EEPROM_RECORD_MAX;
}

void eeprom_store_init(void)
{
    memset(&store, 0, sizeof store);
}

bool eeprom_store_load(uint8_t id, void *buf, uint8_t len)
{
    uint8_t *out = buf;
    if (!store_args(id, len) || !store_newest())
        return false;
    for (uint8_t i = 0; i < len; i++)
        out[i] = store_img[EEPROM_OFF_DATA + i];
    return true;
}

bool eeprom_store_written(uint8_t id)
{
    uint16_t addr = (uint16_t)(id * 2u * EEPROM_SLOT);
    return id < EEPROM_RECORDS && (eeprom_dev_read(addr) == EEPROM_COMMITTED ||
                                   eeprom_dev_read(addr + EEPROM_SLOT) == EEPROM_COMMITTED);
}

bool eeprom_store_start(uint8_t id, const void *buf, uint8_t len)
{
    const uint8_t *in = buf;
    if (!store_args(id, len) || !eeprom_dev_ready())
        return false;
    uint8_t found = store_newest(), same = found; /* none: store_slot at slot 0 */
    for (uint8_t i = 0; i < len; i++) {
        if (store_img[EEPROM_OFF_DATA + i] != in[i])
            same = 0;
        store_img[EEPROM_OFF_DATA + i] = in[i];
    }
    if (same)
        return true;
    /* With no valid slot, slot 0 and any number: nothing to be newer than. */
    if (found)
        store_slot ^= 1u;
    store_img[0] = 0;
    store_img[EEPROM_OFF_SEQ]++;
    store_img[EEPROM_OFF_LEN] = len;
    uint16_t crc = store_crc(EEPROM_OFF_DATA + len);
    store_img[EEPROM_OFF_DATA + len] = (uint8_t)(crc >> 8);
    store_img[EEPROM_OFF_DATA + len + 1u] = (uint8_t)crc;
    store.next = 1;
    return true;
}

void eeprom_store_poll(void)
{
    if (!store.next || !eeprom_dev_ready())
        return;
    uint8_t off = store_diff((uint8_t)(store.next - 1u));
    if (store_img[0] == EEPROM_COMMITTED) {
        /* This was the read-back after the marker. */
        store.next = 0;
        if (off != STORE_END)
            store.failures++;
        return;
    }
    uint8_t value = EEPROM_COMMITTED; /* when no byte differs any more: the marker */
    if (off < STORE_END)
        value = store_img[off];
    else
        off = 0;
    store.next = (uint8_t)(off + 1u);
    if (power_vcc_decivolts() < EEPROM_STORE_VCC_MIN_DV) {
        if (!store.waiting)
            store.vcc_refusals++; /* one count per wait */
        store.waiting = true;
        return;
    }
    store.waiting = false;
    eeprom_dev_write(store_addr(off), value);
    store_img[off] = value;
    if (store_img[0] != EEPROM_COMMITTED)
        store.next++; /* after the marker, the read-back starts at 0 */
}

bool eeprom_store_busy(void)
{
    return store.next != 0;
}

bool eeprom_store_waiting_vcc(void)
{
    return store.waiting;
}

uint16_t eeprom_store_failures(void)
{
    return store.failures;
}

uint16_t eeprom_store_vcc_refusals(void)
{
    return store.vcc_refusals;
}
