/* tests/hal/test_eeprom_store.c - power-safe EEPROM records over the fake 1 KB device:
 * round trips, slot alternation, only changed bytes written, and a power cut at EVERY
 * write step of a save leaving exactly the old or the new record; corruption falls
 * back to the other slot; sequence numbers wrap. Saves run in the background: at most
 * one byte write per poll, the caller's buffer may change meanwhile, a second save
 * waits for the first, and a low supply holds the writes back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eeprom_store.h"
#include "hal_fake.h"

#define LEN 20u

static int setup(void **state)
{
    (void)state;
    fake_hal_reset();
    while (eeprom_store_busy()) /* a failed test may have left a save under way */
        eeprom_store_poll();
    fake_eeprom_erase();
    return 0;
}

/* Start a save and poll it to the end, as the main loop does; 1 if it started and
 * read back correctly. Each poll may start at most one byte write. */
static uint8_t eeprom_store_save(uint8_t id, const void *buf, uint8_t len)
{
    uint16_t failures = eeprom_store_failures();
    unsigned polls = 0;
    if (!eeprom_store_start(id, buf, len))
        return 0;
    while (eeprom_store_busy()) {
        uint32_t w = fake_eeprom_writes();
        eeprom_store_poll();
        assert_true(fake_eeprom_writes() - w <= 1u);
        assert_true(++polls < 200u); /* bounded: every byte of a slot at most once */
    }
    return eeprom_store_failures() == failures;
}

static void fill(uint8_t *buf, uint8_t seed)
{
    for (uint8_t i = 0; i < LEN; i++)
        buf[i] = (uint8_t)(seed * 31u + i * 7u);
}

static void test_blank_and_bad_args(void **state)
{
    uint8_t buf[EEPROM_RECORD_MAX + 1];
    (void)state;
    memset(buf, 0x42, sizeof buf);
    assert_int_equal(eeprom_store_load(0, buf, LEN), 0);
    assert_int_equal(buf[0], 0x42); /* untouched */
    assert_int_equal(eeprom_store_save(5, buf, LEN), 0);                   /* bad id */
    assert_int_equal(eeprom_store_save(0, buf, 0), 0);                     /* empty */
    assert_int_equal(eeprom_store_save(0, buf, EEPROM_RECORD_MAX + 1), 0); /* too long */
    assert_int_equal(eeprom_store_load(5, buf, LEN), 0);
    assert_int_equal(fake_eeprom_writes(), 0);
}

static void test_round_trip_and_ids(void **state)
{
    uint8_t a[LEN], b[LEN], out[LEN];
    (void)state;
    fill(a, 1);
    fill(b, 2);
    assert_int_equal(eeprom_store_save(0, a, LEN), 1);
    assert_int_equal(eeprom_store_save(3, b, LEN), 1);
    assert_int_equal(eeprom_store_load(0, out, LEN), 1);
    assert_memory_equal(out, a, LEN);
    assert_int_equal(eeprom_store_load(3, out, LEN), 1);
    assert_memory_equal(out, b, LEN);
    assert_int_equal(eeprom_store_load(1, out, LEN), 0);
    /* a different length (changed record layout) reads as absent: defaults are used */
    assert_int_equal(eeprom_store_load(0, out, LEN - 1), 0);
    /* full-size record */
    uint8_t big[EEPROM_RECORD_MAX], big_out[EEPROM_RECORD_MAX];
    for (unsigned i = 0; i < sizeof big; i++)
        big[i] = (uint8_t)(0xA0 ^ i);
    assert_int_equal(eeprom_store_save(2, big, sizeof big), 1);
    assert_int_equal(eeprom_store_load(2, big_out, sizeof big), 1);
    assert_memory_equal(big, big_out, sizeof big);
}

/* eeprom_store_written(): a marker in either slot, valid record or not; a first save
 * cut before its marker leaves none. Full-size records fill their slots exactly, and
 * the neighbours' records stay intact. */
static void test_written_and_full_slots(void **state)
{
    uint8_t a[LEN], out[LEN], big[EEPROM_RECORD_MAX], big_out[EEPROM_RECORD_MAX];
    (void)state;
    for (uint8_t id = 0; id <= 4; id++)
        assert_false(eeprom_store_written(id));
    fill(a, 3);
    assert_int_equal(eeprom_store_save(0, a, LEN), 1);
    assert_int_equal(eeprom_store_save(2, a, LEN), 1);
    for (unsigned i = 0; i < sizeof big; i++)
        big[i] = (uint8_t)(0x5C ^ i);
    assert_int_equal(eeprom_store_save(1, big, sizeof big), 1); /* slot 0 */
    big[0] ^= 1;
    assert_int_equal(eeprom_store_save(1, big, sizeof big), 1); /* slot 1 */
    assert_int_equal(eeprom_store_load(1, big_out, sizeof big), 1);
    assert_memory_equal(big, big_out, sizeof big);
    assert_int_equal(eeprom_store_load(0, out, LEN), 1);
    assert_memory_equal(out, a, LEN);
    assert_int_equal(eeprom_store_load(2, out, LEN), 1);
    assert_memory_equal(out, a, LEN);
    assert_true(eeprom_store_written(0) && eeprom_store_written(1) && eeprom_store_written(2));
    assert_false(eeprom_store_written(3));
    assert_false(eeprom_store_written(4));
    /* a first save cut before its marker: nothing written there yet */
    fake_eeprom_cut_after(5);
    assert_int_equal(eeprom_store_save(3, a, LEN), 0);
    fake_eeprom_power_on();
    fake_eeprom_cut_after(-1);
    assert_false(eeprom_store_written(3));
    /* damaged records (bad CRCs) still count as written */
    for (unsigned i = 128; i < 256; i++)
        fake_eeprom_cells()[i] ^= (i & 63u) ? 0x33u : 0u;
    assert_int_equal(eeprom_store_load(1, big_out, sizeof big), 0);
    assert_true(eeprom_store_written(1));
    fake_eeprom_cells()[128] = 0; /* a marker in the second slot alone */
    assert_true(eeprom_store_written(1));
}

static void test_only_changes_written(void **state)
{
    uint8_t a[LEN], out[LEN];
    uint32_t w;
    (void)state;
    fill(a, 5);
    assert_int_equal(eeprom_store_save(1, a, LEN), 1);
    w = fake_eeprom_writes();
    assert_int_equal(eeprom_store_save(1, a, LEN), 1); /* same content: no write */
    assert_int_equal(fake_eeprom_writes(), w);
    a[3] ^= 0xFF;
    assert_int_equal(eeprom_store_save(1, a, LEN), 1); /* goes to the other (blank) slot */
    a[3] ^= 0xFF;
    assert_int_equal(eeprom_store_save(1, a, LEN), 1); /* back to slot 0 */
    w = fake_eeprom_writes();
    a[7] ^= 0x01; /* one payload byte differs from the older slot's copy */
    assert_int_equal(eeprom_store_save(1, a, LEN), 1);
    /* marker off + payload byte + seq + CRC (<= 2) + marker on */
    assert_in_range(fake_eeprom_writes() - w, 4, 7);
    assert_int_equal(eeprom_store_load(1, out, LEN), 1);
    assert_memory_equal(out, a, LEN);
}

/* The core property: cut the power after k writes, for every k of a save, in a long
 * sequence of saves; after power-on the record is exactly the old or the new one,
 * and the store keeps working. */
static void test_power_cut_every_step(void **state)
{
    uint8_t cur[LEN], next[LEN], out[LEN];
    unsigned cuts = 0, saw_old = 0, saw_new = 0;
    uint8_t have = 0;
    (void)state;
    srand(99);
    memset(cur, 0, sizeof cur);
    for (unsigned round = 0; round < 60; round++) {
        /* new content: random bytes, sometimes only a few changed */
        memcpy(next, cur, LEN);
        for (unsigned i = 0; i < LEN; i++)
            if (round % 3 == 0 || rand() % 5 == 0)
                next[i] = (uint8_t)rand();
        /* how many writes does this save take without a cut? measure on a copy */
        uint8_t saved[1024];
        memcpy(saved, fake_eeprom_cells(), sizeof saved);
        uint32_t w0 = fake_eeprom_writes();
        assert_int_equal(eeprom_store_save(0, next, LEN), 1);
        uint32_t steps = fake_eeprom_writes() - w0;
        memcpy(fake_eeprom_cells(), saved, sizeof saved);
        for (uint32_t k = 0; k <= steps; k++) {
            memcpy(fake_eeprom_cells(), saved, sizeof saved);
            fake_eeprom_cut_after((int32_t)k);
            (void)eeprom_store_save(0, next, LEN); /* may "fail": power is gone */
            fake_eeprom_power_on();
            uint8_t ok = eeprom_store_load(0, out, LEN);
            cuts++;
            if (k == steps) {
                assert_int_equal(ok, 1);
                assert_memory_equal(out, next, LEN);
            } else if (!ok) {
                assert_false(have); /* "no record" only if there was none before */
            } else if (memcmp(out, next, LEN) == 0) {
                saw_new++;
            } else {
                assert_true(have);
                assert_memory_equal(out, cur, LEN); /* never garbage */
                saw_old++;
            }
            /* after any cut the next save must succeed and be readable */
            if (k < steps) {
                uint8_t after[1024];
                memcpy(after, fake_eeprom_cells(), sizeof after);
                assert_int_equal(eeprom_store_save(0, next, LEN), 1);
                assert_int_equal(eeprom_store_load(0, out, LEN), 1);
                assert_memory_equal(out, next, LEN);
                memcpy(fake_eeprom_cells(), after, sizeof after);
            }
        }
        /* leave the completed save in place and go on */
        memcpy(fake_eeprom_cells(), saved, sizeof saved);
        assert_int_equal(eeprom_store_save(0, next, LEN), 1);
        memcpy(cur, next, LEN);
        have = 1;
    }
    assert_true(cuts > 500);
    assert_true(saw_old > 0);
}

static void test_corruption_falls_back(void **state)
{
    uint8_t a[LEN], b[LEN], out[LEN];
    (void)state;
    fill(a, 10);
    fill(b, 11);
    assert_int_equal(eeprom_store_save(2, a, LEN), 1); /* slot 0 of id 2: 256 */
    assert_int_equal(eeprom_store_save(2, b, LEN), 1); /* slot 1: 320 */
    assert_int_equal(eeprom_store_load(2, out, LEN), 1);
    assert_memory_equal(out, b, LEN);
    fake_eeprom_cells()[320 + 3 + 5] ^= 0x10; /* flip a payload bit of the newest */
    assert_int_equal(eeprom_store_load(2, out, LEN), 1);
    assert_memory_equal(out, a, LEN); /* CRC catches it: the older record */
    fake_eeprom_cells()[256 + 3 + LEN + 1] ^= 0x01; /* and now the CRC of the older one */
    assert_int_equal(eeprom_store_load(2, out, LEN), 0);
    /* saving again repairs: it writes over an invalid slot */
    assert_int_equal(eeprom_store_save(2, a, LEN), 1);
    assert_int_equal(eeprom_store_load(2, out, LEN), 1);
    assert_memory_equal(out, a, LEN);
    /* random garbage everywhere: never a record from it */
    srand(1);
    for (unsigned i = 0; i < 1024; i++)
        fake_eeprom_cells()[i] = (uint8_t)rand();
    for (uint8_t id = 0; id < 4; id++)
        assert_int_equal(eeprom_store_load(id, out, LEN), 0);
}

static void test_background(void **state)
{
    uint8_t a[LEN], b[LEN], out[LEN];
    unsigned polls = 0;
    uint16_t failures = eeprom_store_failures();
    (void)state;
    fill(a, 20);
    fill(b, 21);
    assert_int_equal(eeprom_store_save(0, a, LEN), 1);
    /* the record is copied at the start: changing the buffer meanwhile changes nothing */
    memcpy(out, b, LEN);
    assert_int_equal(eeprom_store_start(0, out, LEN), 1);
    assert_true(eeprom_store_busy());
    memset(out, 0, LEN);
    assert_int_equal(eeprom_store_start(1, a, LEN), 0); /* one save at a time */
    assert_int_equal(eeprom_store_load(0, out, LEN), 0); /* not while saving */
    while (eeprom_store_busy() && polls++ < 200)
        eeprom_store_poll();
    assert_int_equal(eeprom_store_load(0, out, LEN), 1);
    assert_memory_equal(out, b, LEN);
    assert_int_equal(eeprom_store_failures(), failures);
}

static void test_low_supply_waits(void **state)
{
    uint8_t a[LEN], b[LEN], c[LEN], out[LEN];
    uint32_t w;
    uint16_t failures = eeprom_store_failures(), refusals = eeprom_store_vcc_refusals();
    (void)state;
    fill(a, 30);
    fill(b, 31);
    fill(c, 32);
    assert_int_equal(eeprom_store_save(3, a, LEN), 1);
    fake_power_set_vcc(EEPROM_STORE_VCC_MIN_DV - 1u); /* 3.9 V */
    w = fake_eeprom_writes();
    assert_int_equal(eeprom_store_start(3, b, LEN), 1);
    for (unsigned i = 0; i < 50; i++)
        eeprom_store_poll();
    assert_int_equal(fake_eeprom_writes(), w); /* nothing written */
    assert_true(eeprom_store_busy());
    assert_true(eeprom_store_waiting_vcc());
    assert_int_equal(eeprom_store_vcc_refusals(), refusals + 1u);
    fake_power_set_vcc(EEPROM_STORE_VCC_MIN_DV); /* 4.0 V: the save goes on */
    while (eeprom_store_busy())
        eeprom_store_poll();
    assert_false(eeprom_store_waiting_vcc());
    assert_int_equal(eeprom_store_load(3, out, LEN), 1);
    assert_memory_equal(out, b, LEN);
    assert_int_equal(eeprom_store_failures(), failures);
    /* The supply sags in the middle of a save, then the power goes: the slot was never
     * committed, so what is read afterwards is the previous record. */
    assert_int_equal(eeprom_store_start(3, c, LEN), 1);
    for (unsigned i = 0; i < 6; i++)
        eeprom_store_poll();
    fake_power_set_vcc(30);
    for (unsigned i = 0; i < 6; i++)
        eeprom_store_poll();
    assert_true(eeprom_store_waiting_vcc());
    assert_int_equal(eeprom_store_vcc_refusals(), refusals + 2u);
    fake_eeprom_cut_after(0); /* from here on no write reaches the cells */
    fake_power_set_vcc(50);
    while (eeprom_store_busy())
        eeprom_store_poll();
    fake_eeprom_power_on();
    assert_int_equal(eeprom_store_failures(), failures + 1u); /* the read-back saw it */
    assert_int_equal(eeprom_store_load(3, out, LEN), 1);
    assert_memory_equal(out, b, LEN);
}

static void test_sequence_wraps(void **state)
{
    uint8_t a[LEN], out[LEN];
    (void)state;
    /* 70000 saves take the 8-bit sequence number through its wrap 273 times */
    for (uint32_t i = 0; i < 70000u; i++) {
        fill(a, (uint8_t)i);
        a[0] = (uint8_t)(i >> 8);
        a[1] = (uint8_t)i;
        assert_int_equal(eeprom_store_save(1, a, LEN), 1);
        if (i % 997 == 0 || (uint8_t)(i + 3u) < 6u) { /* and around every wrap */
            assert_int_equal(eeprom_store_load(1, out, LEN), 1);
            assert_memory_equal(out, a, LEN);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_blank_and_bad_args, setup),
        cmocka_unit_test_setup(test_round_trip_and_ids, setup),
        cmocka_unit_test_setup(test_written_and_full_slots, setup),
        cmocka_unit_test_setup(test_only_changes_written, setup),
        cmocka_unit_test_setup(test_power_cut_every_step, setup),
        cmocka_unit_test_setup(test_corruption_falls_back, setup),
        cmocka_unit_test_setup(test_background, setup),
        cmocka_unit_test_setup(test_low_supply_waits, setup),
        cmocka_unit_test_setup(test_sequence_wraps, setup),
    };
    return cmocka_run_group_tests_name("hal_eeprom_store", tests, NULL, NULL);
}
