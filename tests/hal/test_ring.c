/* tests/hal/test_ring.c - the SPSC byte ring (hal/ring.h) at its edges: empty, full,
 * exactly-full (size - 1 bytes), wrap of the indices, every size from 2 to 256 (the
 * 256-byte TX ring wraps its 8-bit indices by themselves), interleaved producer and
 * consumer against a reference FIFO. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ring.h"

static void test_empty(void **state)
{
    uint8_t buf[8] = {0}, b = 0x55;
    ring_t r;
    (void)state;
    ring_init(&r, buf, 8);
    assert_true(ring_empty(&r));
    assert_int_equal(ring_used(&r), 0);
    assert_int_equal(ring_free(&r), 7);
    assert_int_equal(ring_get(&r, &b), 0);
    assert_int_equal(b, 0x55); /* untouched on failure */
}

static void test_full_each_size(void **state)
{
    (void)state;
    for (unsigned size = 2; size <= 256; size *= 2) {
        uint8_t buf[256] = {0};
        ring_t r;
        uint8_t b;
        ring_init(&r, buf, (uint16_t)size);
        for (unsigned start = 0; start < size; start += size / 2u) { /* also wrapped */
            r.head = r.tail = (uint8_t)start;
            for (unsigned i = 0; i < size - 1u; i++)
                assert_int_equal(ring_put(&r, (uint8_t)i), 1);
            assert_int_equal(ring_used(&r), size - 1u);
            assert_int_equal(ring_free(&r), 0);
            assert_int_equal(ring_put(&r, 0xEE), 0); /* full: refused, nothing overwritten */
            for (unsigned i = 0; i < size - 1u; i++) {
                assert_int_equal(ring_get(&r, &b), 1);
                assert_int_equal(b, (uint8_t)i);
            }
            assert_int_equal(ring_get(&r, &b), 0);
            assert_true(ring_empty(&r));
        }
    }
}

static void test_wrap(void **state)
{
    uint8_t buf[256] = {0}, b;
    ring_t r;
    (void)state;
    ring_init(&r, buf, 4);
    /* 1000 rounds of put 3 / get 3 wrap the slot indices */
    for (unsigned k = 0; k < 1000; k++) {
        for (unsigned i = 0; i < 3; i++)
            assert_int_equal(ring_put(&r, (uint8_t)(k + i)), 1);
        assert_int_equal(ring_used(&r), 3);
        assert_true(r.head < 4 && r.tail < 4);
        for (unsigned i = 0; i < 3; i++) {
            assert_int_equal(ring_get(&r, &b), 1);
            assert_int_equal(b, (uint8_t)(k + i));
        }
    }
    /* 256 bytes: the indices wrap 255 -> 0 */
    ring_init(&r, buf, 256);
    r.head = r.tail = 254;
    for (unsigned i = 0; i < 255; i++)
        assert_int_equal(ring_put(&r, (uint8_t)i), 1);
    assert_int_equal(r.head, 253);
    assert_int_equal(ring_put(&r, 9), 0);
    assert_int_equal(ring_used(&r), 255);
    assert_int_equal(ring_get(&r, &b), 1);
    assert_int_equal(b, 0);
    assert_int_equal(ring_free(&r), 1);
}

static void test_random_against_fifo(void **state)
{
    static uint8_t buf[256], ref[200000];
    (void)state;
    for (unsigned size = 16; size <= 256; size *= 16) {
        size_t rh = 0, rt = 0;
        ring_t r;
        ring_init(&r, buf, (uint16_t)size);
        srand(3);
        for (unsigned i = 0; i < 90000; i++) {
            if (rand() & 1) {
                uint8_t v = (uint8_t)rand();
                uint8_t ok = ring_put(&r, v);
                assert_int_equal(ok, rh - rt < size - 1u);
                if (ok)
                    ref[rh++] = v;
            } else {
                uint8_t v;
                uint8_t ok = ring_get(&r, &v);
                assert_int_equal(ok, rh != rt);
                if (ok)
                    assert_int_equal(v, ref[rt++]);
            }
            assert_int_equal(ring_used(&r), rh - rt);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_full_each_size),
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_random_against_fifo),
    };
    return cmocka_run_group_tests_name("hal_ring", tests, NULL, NULL);
}
