/* tests/hal/test_debounce.c - table-driven tests of the per-key defer debouncer
 * (hal/debounce.c): each case is a list of raw-bitmap changes in time and the events
 * expected, replayed with the matrix scanned every 1 or 3 ms (around the real 1.5 ms) and
 * the main loop polling every 1 or 3 ms. Short contacts swept across main-loop stalls
 * are never a press. Plus randomized bounce up to 10 ms: never a missed or doubled
 * press. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "debounce.h"
#include "keys.h"

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
/* A case's raw changes and expected events, each with its count. */
#define INS(...) {__VA_ARGS__}, (uint8_t)(sizeof((change_t[]){__VA_ARGS__}) / sizeof(change_t))
#define OUTS(...) {__VA_ARGS__}, (uint8_t)(sizeof((expect_t[]){__VA_ARGS__}) / sizeof(expect_t))
#define NO_EVENTS {{0, 0, 0, 0}}, 0
#define P KEY_EV_PRESS
#define R KEY_EV_RELEASE

static const case_t cases[] = {
    {"clean tap 50 ms",
     INS({100, B(4)}, {150, 0}), 400,
     OUTS({P, 4, 110, 118}, {R, 4, 160, 168}), 0},
    {"press and release bounce 10 ms",
     INS({100, B(0)}, {101, 0}, {103, B(0)}, {104, 0}, {107, B(0)}, {108, 0}, {109, B(0)},
         {200, 0}, {202, B(0)}, {203, 0}, {206, B(0)}, {209, 0}), 500,
     OUTS({P, 0, 119, 127}, {R, 0, 219, 227}), 0},
    {"bounce with a 4 ms gap inside the 10 ms window",
     INS({100, B(8)}, {104, 0}, {108, B(8)}, {300, 0}, {305, B(8)}, {309, 0}), 600,
     OUTS({P, 8, 118, 126}, {R, 8, 319, 327}), 0},
    {"5 ms glitch is no press",
     INS({100, B(2)}, {105, 0}), 300,
     NO_EVENTS, 0},
    {"9 ms contact is no press",
     INS({100, B(2)}, {109, 0}), 300,
     NO_EVENTS, 0},
    {"held 1 s",
     INS({100, B(5)}, {1100, 0}), 1400,
     OUTS({P, 5, 110, 118}, {R, 5, 1110, 1118}), 0},
    {"15 ms: the debounce time and one scan",
     INS({100, B(5)}, {115, 0}), 1400,
     OUTS({P, 5, 110, 116}, {R, 5, 125, 131}), 0},
    {"stuck key for 60 s: one press, no flood",
     INS({10, B(7)}), 60000,
     OUTS({P, 7, 20, 28}), 0},
    {"two keys at once, released apart",
     INS({100, B(1) | B(3)}, {200, B(3)}, {300, 0}), 600,
     OUTS({P, 1, 110, 118}, {P, 3, 110, 118}, {R, 1, 210, 218}, {R, 3, 310, 318}), 0},
    {"all nine keys",
     INS({100, 0x1FF}, {150, 0}), 400,
     OUTS({P, 0, 110, 118}, {P, 1, 110, 118}, {P, 2, 110, 118}, {P, 3, 110, 118},
          {P, 4, 110, 118}, {P, 5, 110, 118}, {P, 6, 110, 118}, {P, 7, 110, 118},
          {P, 8, 110, 118}, {R, 0, 160, 168}, {R, 1, 160, 168}, {R, 2, 160, 168}), 18},
    {"bits above cell 8 are ignored",
     INS({100, 0xFE00}, {300, 0}), 500,
     NO_EVENTS, 0},
};

static uint16_t raw_at(const case_t *c, uint32_t t)
{
    uint16_t raw = 0;
    for (uint8_t i = 0; i < c->n_in && c->in[i].t <= t; i++)
        raw = c->in[i].raw;
    return raw;
}

/* Replays a case the way the board runs it: the matrix is scanned every `scan` ms (the
 * ISR keeps the latest scan, its time, and which keys changed between scans); the main
 * loop polls every `poll` ms, except that it stalls (polls nothing) during
 * [stall_at, stall_at + stall_ms). Returns the number of events. */
static unsigned replay_loop(const case_t *c, uint32_t scan, uint32_t poll, uint32_t stall_at,
                            uint32_t stall_ms, key_event_t *ev, uint32_t *evt, unsigned cap)
{
    debounce_t d;
    unsigned n = 0;
    uint16_t latest = 0, changed = 0;
    uint32_t latest_t = 0;

    debounce_init(&d);
    for (uint32_t t = 1; t <= c->end; t++) {
        if (t % scan == 0) {
            uint16_t now = raw_at(c, t);
            changed |= (uint16_t)(now ^ latest);
            latest = now;
            latest_t = t;
        }
        if (t % poll != 0 || (t >= stall_at && t < stall_at + stall_ms))
            continue;
        uint16_t flipped = debounce_update(&d, latest, changed, (uint8_t)latest_t);
        changed = 0;
        assert_int_equal(flipped & (uint16_t)~DEBOUNCE_MASK, 0);
        for (uint8_t cell = 0; cell < DEBOUNCE_KEYS; cell++) { /* events in cell order */
            if (!(flipped >> cell & 1u))
                continue;
            if (n < cap) {
                ev[n].kind = (d.state >> cell & 1u) ? KEY_EV_PRESS : KEY_EV_RELEASE;
                ev[n].cell = cell;
                evt[n] = t;
            }
            n++;
        }
    }
    return n;
}

static unsigned replay(const case_t *c, uint32_t scan, key_event_t *ev, uint32_t *evt,
                       unsigned cap)
{
    return replay_loop(c, scan, 1, 0, 0, ev, evt, cap);
}

static void check_case(const case_t *c, uint32_t scan, uint32_t poll)
{
    key_event_t ev[64];
    uint32_t evt[64];
    unsigned n = replay_loop(c, scan, poll, 0, 0, ev, evt, 64);
    unsigned want = c->n_total ? c->n_total : c->n_out;

    if (n != want) {
        fail_msg("%s (scan %u ms, poll %u ms): %u events, want %u", c->name, (unsigned)scan,
                 (unsigned)poll, n, want);
    }
    for (unsigned i = 0; i < c->n_out; i++) {
        const expect_t *e = &c->out[i];
        if (ev[i].kind != e->kind || ev[i].cell != e->cell || evt[i] < e->t_min ||
            evt[i] > e->t_max)
            fail_msg("%s (scan %u ms, poll %u ms): event %u is kind %u cell %u at %u ms, "
                     "want kind %u cell %u in %u..%u ms",
                     c->name, (unsigned)scan, (unsigned)poll, i, ev[i].kind, ev[i].cell,
                     (unsigned)evt[i], e->kind, e->cell, (unsigned)e->t_min,
                     (unsigned)e->t_max);
    }
}

static void test_tables_1ms(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i], 1, 1);
}

/* The board: a full scan every 3 ms, the main loop polling every 3 ms or every 1 ms. */
static void test_tables_3ms(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        check_case(&cases[i], 3, 3);
        check_case(&cases[i], 3, 1);
    }
}

/* A contact shorter than DEBOUNCE_MS is never a press, whatever the main loop does:
 * 1..9 ms contacts are swept across main-loop stalls of 10..200 ms (the old defect: a
 * stall of 10 ms or more made a single sample a press), starting at every ms from 30 ms
 * before the stall to 30 ms after it. Contacts of DEBOUNCE_MS + one scan (plus a stall)
 * are still seen. */
static void test_short_contacts_across_stalls(void **state)
{
    static const uint32_t stalls[] = {10, 20, 50, 92, 155, 200};
    static case_t c;
    unsigned runs = 0;
    (void)state;
    c.name = "contact across a stall";
    for (size_t si = 0; si < sizeof stalls / sizeof stalls[0]; si++) {
        uint32_t stall_at = 300, stall = stalls[si];
        for (uint32_t len = 1; len < DEBOUNCE_MS; len++) {
            for (uint32_t at = stall_at - 30; at <= stall_at + stall + 30; at++) {
                for (uint32_t poll = 1; poll <= 3; poll += 2) {
                    key_event_t ev[8];
                    uint32_t evt[8];
                    c.n_in = 0;
                    c.in[c.n_in++] = (change_t){at, B(4)};
                    c.in[c.n_in++] = (change_t){at + len, 0};
                    c.end = stall_at + stall + 100;
                    unsigned n = replay_loop(&c, 3, poll, stall_at, stall, ev, evt, 8);
                    runs++;
                    if (n != 0)
                        fail_msg("%u ms contact at %u ms across a %u ms stall at %u ms (poll %u "
                                 "ms): %u events, want none", (unsigned)len, (unsigned)at,
                                 (unsigned)stall, (unsigned)stall_at, (unsigned)poll, n);
                }
            }
        }
        /* a real press (DEBOUNCE_MS + one scan) that lies inside the stall is seen once the
         * loop runs again, as exactly one press and one release */
        for (uint32_t at = stall_at; at + DEBOUNCE_MS + 3u < stall_at + stall; at += 7) {
            key_event_t ev[8];
            uint32_t evt[8];
            c.n_in = 0;
            c.in[c.n_in++] = (change_t){at, B(4)};
            c.in[c.n_in++] = (change_t){at + stall + 40, 0};
            c.end = at + stall + 200;
            unsigned n = replay_loop(&c, 3, 3, stall_at, stall, ev, evt, 8);
            assert_int_equal(n, 2);
            assert_int_equal(ev[0].kind, KEY_EV_PRESS);
            assert_int_equal(ev[1].kind, KEY_EV_RELEASE);
        }
    }
    print_message("short contacts swept across stalls: %u runs, 0 presses\n", runs);
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

static void test_state_and_wrap(void **state)
{
    debounce_t d;
    (void)state;
    debounce_init(&d);
    /* 9 keys change at once: all flip together once 10 ms have passed, across the 8-bit
     * wrap of the scan time */
    assert_int_equal(debounce_update(&d, 0x1FF, 0x1FF, 250u), 0);
    assert_int_equal(debounce_update(&d, 0x1FF, 0, 255u), 0);
    assert_int_equal(debounce_update(&d, 0x1FF, 0, 4u), 0x1FF); /* 8-bit wrap: 10 ms */
    assert_int_equal(d.state, 0x1FF);
    assert_int_equal(d.pending, 0);
    assert_int_equal(debounce_update(&d, 0x1FF, 0, 40u), 0); /* nothing differs */
    /* a key whose reading flickered between updates restarts its wait */
    assert_int_equal(debounce_update(&d, 0x1FE, 0, 100), 0);
    assert_int_equal(debounce_update(&d, 0x1FE, 1, 120), 0);
    assert_int_equal(debounce_update(&d, 0x1FE, 0, 129), 0);
    assert_int_equal(debounce_update(&d, 0x1FE, 0, 130), 1);
    assert_int_equal(d.state, 0x1FE);
    /* a key that agrees again before its time is forgotten: a new run starts from 0 */
    assert_int_equal(debounce_update(&d, 0x1FC, 0, 140), 0);
    assert_int_equal(debounce_update(&d, 0x1FE, 0, 145), 0);
    assert_int_equal(d.pending, 0);
    assert_int_equal(debounce_update(&d, 0x1FC, 0, 150), 0);
    assert_int_equal(debounce_update(&d, 0x1FC, 0, 159), 0);
    assert_int_equal(debounce_update(&d, 0x1FC, 0, 160), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_1ms),
        cmocka_unit_test(test_tables_3ms),
        cmocka_unit_test(test_short_contacts_across_stalls),
        cmocka_unit_test(test_random_bounce),
        cmocka_unit_test(test_state_and_wrap),
    };
    return cmocka_run_group_tests_name("hal_debounce", tests, NULL, NULL);
}
