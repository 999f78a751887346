/* tests/hal/test_ring.c - the SPSC byte ring (hal/ring.h) at its edges: empty, full,
 * exactly-full (size - 1 bytes), wrap of the indices, every size from 2 to 256 (the
 * 256-byte TX ring wraps its 8-bit indices by themselves), interleaved producer and
 * consumer against a reference FIFO. Each call names the buffer and mask, as the UART's
 * compile-time constants do. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ring.h"

static void test_empty(void **state)
{
    uint8_t buf[8] = {0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55};
    ring_t r = {0, 0};
    (void)state;
    assert_true(ring_empty(&r));
    assert_int_equal(ring_used(&r, 7), 0);
    assert_int_equal(ring_free(&r, 7), 7);
    assert_int_equal(ring_get(&r, buf, 7), -1);
    assert_int_equal(r.tail, 0); /* nothing taken */
}

static void test_full_each_size(void **state)
{
    (void)state;
    for (unsigned size = 2; size <= 256; size *= 2) {
        uint8_t buf[256] = {0};
        uint8_t mask = (uint8_t)(size - 1u);
        ring_t r;
        for (unsigned start = 0; start < size; start += size / 2u) { /* also wrapped */
            r.head = r.tail = (uint8_t)start;
            for (unsigned i = 0; i < size - 1u; i++)
                assert_int_equal(ring_put(&r, buf, mask, (uint8_t)i), i + 1u); /* used */
            assert_int_equal(ring_used(&r, mask), size - 1u);
            assert_int_equal(ring_free(&r, mask), 0);
            /* full: refused, nothing overwritten */
            assert_int_equal(ring_put(&r, buf, mask, 0xEE), 0);
            for (unsigned i = 0; i < size - 1u; i++)
                assert_int_equal(ring_get(&r, buf, mask), (uint8_t)i);
            assert_int_equal(ring_get(&r, buf, mask), -1);
            assert_true(ring_empty(&r));
        }
    }
}

static void test_wrap(void **state)
{
    uint8_t buf[256] = {0};
    ring_t r = {0, 0};
    (void)state;
    /* 1000 rounds of put 3 / get 3 wrap the slot indices of a 4-byte ring */
    for (unsigned k = 0; k < 1000; k++) {
        for (unsigned i = 0; i < 3; i++)
            assert_int_equal(ring_put(&r, buf, 3, (uint8_t)(k + i)), i + 1u);
        assert_int_equal(ring_used(&r, 3), 3);
        assert_true(r.head < 4 && r.tail < 4);
        for (unsigned i = 0; i < 3; i++)
            assert_int_equal(ring_get(&r, buf, 3), (uint8_t)(k + i));
    }
    /* 256 bytes: the indices wrap 255 -> 0 */
    r.head = r.tail = 254;
    for (unsigned i = 0; i < 255; i++)
        assert_int_equal(ring_put(&r, buf, 255, (uint8_t)i), i + 1u);
    assert_int_equal(r.head, 253);
    assert_int_equal(ring_put(&r, buf, 255, 9), 0);
    assert_int_equal(ring_used(&r, 255), 255);
    assert_int_equal(ring_get(&r, buf, 255), 0);
    assert_int_equal(ring_free(&r, 255), 1);
}

static void test_random_against_fifo(void **state)
{
    static uint8_t buf[256], ref[200000];
    (void)state;
    for (unsigned size = 16; size <= 256; size *= 16) {
        size_t rh = 0, rt = 0;
        uint8_t mask = (uint8_t)(size - 1u);
        ring_t r = {0, 0};
        srand(3);
        for (unsigned i = 0; i < 90000; i++) {
            if (rand() & 1) {
                uint8_t v = (uint8_t)rand();
                uint8_t ok = ring_put(&r, buf, mask, v);
                /* the bytes now used, or 0 when full */
                assert_int_equal(ok, rh - rt < size - 1u ? rh - rt + 1u : 0u);
                if (ok)
                    ref[rh++] = v;
            } else {
                int16_t v = ring_get(&r, buf, mask);
                assert_int_equal(v >= 0, rh != rt);
                if (v >= 0)
                    assert_int_equal(v, ref[rt++]);
            }
            assert_int_equal(ring_used(&r, mask), rh - rt);
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
