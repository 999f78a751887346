/* tests/hal/test_debounce.c - table-driven tests of the per-key defer debouncer
 * (hal/debounce.c): each case is a list of raw-bitmap changes in time and the events
 * expected, replayed with the main loop polling every 1 ms while the matrix is sampled
 * every 1 ms and every 3 ms (the real scan period). Plus randomized bounce up to 10 ms:
 * never a missed or doubled press. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "debounce.h"

typedef struct {
    uint32_t t;   /* ms */
    uint16_t raw; /* raw bitmap from this time on */
} change_t;

typedef struct {
    uint8_t kind, cell;
    uint32_t t_min, t_max; /* event time window (covers both sampling rates) */
} expect_t;

#define MAX_IN 200
typedef struct {
    const char *name;
    change_t in[MAX_IN];
    uint8_t n_in;
    uint32_t end;
    expect_t out[12];
    uint8_t n_out;   /* events listed in out[] (the first ones) */
    uint8_t n_total; /* events in all when more than listed, else 0 */
} case_t;

#define B(c) ((uint16_t)(1u << (c)))
#define P KEY_EV_PRESS
#define R KEY_EV_RELEASE
#define L KEY_EV_LONG

static const case_t cases[] = {
    {"clean tap 50 ms",
     {{100, B(4)}, {150, 0}}, 2, 400,
     {{P, 4, 109, 112}, {R, 4, 159, 162}}, 2, 0},
    {"press and release bounce 10 ms",
     {{100, B(0)}, {101, 0}, {103, B(0)}, {104, 0}, {107, B(0)}, {108, 0}, {109, B(0)},
      {200, 0}, {202, B(0)}, {203, 0}, {206, B(0)}, {209, 0}},
     12, 500,
     {{P, 0, 118, 122}, {R, 0, 218, 222}}, 2, 0},
    {"bounce with a 4 ms gap inside the 10 ms window",
     {{100, B(8)}, {104, 0}, {108, B(8)}, {300, 0}, {305, B(8)}, {309, 0}},
     6, 600,
     {{P, 8, 117, 121}, {R, 8, 318, 322}}, 2, 0},
    {"5 ms glitch is no press",
     {{100, B(2)}, {105, 0}}, 2, 300, {{0, 0, 0, 0}}, 0, 0},
    {"long press 1 s",
     {{100, B(5)}, {1100, 0}}, 2, 1400,
     {{P, 5, 109, 112}, {L, 5, 908, 913}, {R, 5, 1109, 1112}}, 3, 0},
    {"press just under the long time",
     {{100, B(5)}, {880, 0}}, 2, 1400,
     {{P, 5, 109, 112}, {R, 5, 889, 892}}, 2, 0},
    {"stuck key for 60 s: one press, one long, no flood",
     {{10, B(7)}}, 1, 60000,
     {{P, 7, 19, 22}, {L, 7, 818, 823}}, 2, 0},
    {"two keys at once, released apart",
     {{100, B(1) | B(3)}, {200, B(3)}, {300, 0}}, 3, 600,
     {{P, 1, 109, 112}, {P, 3, 109, 112}, {R, 1, 209, 212}, {R, 3, 309, 312}}, 4, 0},
    {"all nine keys",
     {{100, 0x1FF}, {150, 0}}, 2, 400,
     {{P, 0, 109, 112}, {P, 1, 109, 112}, {P, 2, 109, 112}, {P, 3, 109, 112},
      {P, 4, 109, 112}, {P, 5, 109, 112}, {P, 6, 109, 112}, {P, 7, 109, 112},
      {P, 8, 109, 112}, {R, 0, 159, 162}, {R, 1, 159, 162}, {R, 2, 159, 162}},
     12, 18},
    {"bits above cell 8 are ignored",
     {{100, 0xFE00}, {300, 0}}, 2, 500, {{0, 0, 0, 0}}, 0, 0},
};

static uint16_t raw_at(const case_t *c, uint32_t t)
{
    uint16_t raw = 0;
    for (uint8_t i = 0; i < c->n_in && c->in[i].t <= t; i++)
        raw = c->in[i].raw;
    return raw;
}

/* Replays a case: the matrix is sampled every `scan` ms (the value the ISR hands
 * over), the debouncer is polled every ms. Returns the number of events. */
static unsigned replay(const case_t *c, uint32_t scan, key_event_t *ev, uint32_t *evt,
                       unsigned cap)
{
    debounce_t d;
    unsigned n = 0;
    uint16_t sampled = 0;

    debounce_init(&d, 0);
    for (uint32_t t = 1; t <= c->end; t++) {
        key_event_t out[DEBOUNCE_MAX_EVENTS];
        if (t % scan == 0)
            sampled = raw_at(c, t);
        uint8_t k = debounce_update(&d, sampled, t, out, DEBOUNCE_MAX_EVENTS);
        for (uint8_t i = 0; i < k; i++) {
            if (n < cap) {
                ev[n] = out[i];
                evt[n] = t;
            }
            n++;
        }
    }
    return n;
}

static void check_case(const case_t *c, uint32_t scan)
{
    key_event_t ev[64];
    uint32_t evt[64];
    unsigned n = replay(c, scan, ev, evt, 64);
    unsigned want = c->n_total ? c->n_total : c->n_out;

    if (n != want) {
        fail_msg("%s (scan %u ms): %u events, want %u", c->name, (unsigned)scan, n, want);
    }
    for (unsigned i = 0; i < c->n_out; i++) {
        const expect_t *e = &c->out[i];
        if (ev[i].kind != e->kind || ev[i].cell != e->cell || evt[i] < e->t_min ||
            evt[i] > e->t_max)
            fail_msg("%s (scan %u ms): event %u is kind %u cell %u at %u ms, want kind %u "
                     "cell %u in %u..%u ms",
                     c->name, (unsigned)scan, i, ev[i].kind, ev[i].cell, (unsigned)evt[i],
                     e->kind, e->cell, (unsigned)e->t_min, (unsigned)e->t_max);
    }
}

static void test_tables_1ms(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i], 1);
}

static void test_tables_3ms(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i], 3);
}

/* Random presses on one key: each edge bounces for up to 10 ms (toggles every 1..3 ms,
 * then the final level), holds and gaps of 25..400 ms. Exactly one PRESS and one
 * RELEASE per real press, alternating, at sampling periods of 1, 2 and 3 ms. */
static void push(case_t *c, uint32_t t, uint16_t raw)
{
    assert_true(c->n_in < MAX_IN);
    c->in[c->n_in++] = (change_t){t, raw};
}

static uint32_t add_edge(case_t *c, uint32_t t, uint16_t final, uint16_t other)
{
    uint32_t end = t + (uint32_t)(rand() % 11); /* bounce window <= 10 ms */
    uint8_t lv = 1;
    for (uint32_t tt = t; tt < end; tt += 1u + (uint32_t)(rand() % 3), lv ^= 1u)
        push(c, tt, lv ? final : other);
    push(c, end, final);
    return end;
}

static void test_random_bounce(void **state)
{
    static case_t c;
    (void)state;
    srand(12345);
    for (unsigned trial = 0; trial < 300; trial++) {
        uint8_t cell = (uint8_t)(rand() % 9);
        uint32_t t = 20;
        unsigned presses = 1u + (unsigned)(rand() % 8);
        c.n_in = 0;
        c.name = "random";
        for (unsigned p = 0; p < presses; p++) {
            t = add_edge(&c, t, B(cell), 0) + 25u + (uint32_t)(rand() % 376);
            t = add_edge(&c, t, 0, B(cell)) + 25u + (uint32_t)(rand() % 376);
        }
        c.end = t + 50;
        for (uint32_t scan = 1; scan <= 3; scan++) {
            key_event_t ev[64];
            uint32_t evt[64];
            unsigned n = replay(&c, scan, ev, evt, 64);
            unsigned np = 0, nr = 0;
            uint8_t down = 0;
            assert_true(n <= 64);
            for (unsigned i = 0; i < n; i++) {
                assert_int_equal(ev[i].cell, cell);
                if (ev[i].kind == KEY_EV_PRESS) {
                    assert_false(down);
                    down = 1;
                    np++;
                } else if (ev[i].kind == KEY_EV_RELEASE) {
                    assert_true(down);
                    down = 0;
                    nr++;
                }
            }
            if (np != presses || nr != presses)
                fail_msg("trial %u scan %u: %u presses %u releases, want %u", trial,
                         (unsigned)scan, np, nr, presses);
        }
    }
}

static void test_time_jump_and_cap(void **state)
{
    debounce_t d;
    key_event_t out[2];
    (void)state;
    debounce_init(&d, 1000);
    /* 9 keys change at once but only 2 slots: 2 events out, state still follows */
    assert_int_equal(debounce_update(&d, 0x1FF, 1001, out, 2), 0);
    assert_int_equal(debounce_update(&d, 0x1FF, 1100, out, 2), 2);
    assert_int_equal(out[0].kind, KEY_EV_PRESS);
    assert_int_equal(out[1].cell, 1);
    assert_int_equal(d.state, 0x1FF);
    /* a huge time jump (wrapping uint32) counts as 255 ms: long press needs more */
    assert_int_equal(debounce_update(&d, 0x1FF, 1100u + 0x80000000u, out, 2), 0);
    assert_int_equal(d.held_ms[0], 255);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_1ms),
        cmocka_unit_test(test_tables_3ms),
        cmocka_unit_test(test_random_bounce),
        cmocka_unit_test(test_time_jump_and_cap),
    };
    return cmocka_run_group_tests_name("hal_debounce", tests, NULL, NULL);
}
