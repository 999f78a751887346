/* tests/game/game_test_util.c - output capture (from the UART fake) and event drivers
 * for the game and console tests; no console (gtu_say() is linked in). */
#include "game_test_util.h"
#include "game_rooms.h"
#include "menu.h"
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "hal_fake.h"

static char gtu_buf[1 << 16];
static size_t gtu_len;
static int gtu_lost; /* output was dropped since the last gtu_clear() */
static game_report_t gtu_log[1 << 12];
static unsigned gtu_logged; /* reports since the last gtu_clear() (may exceed the log) */

/* Move what the UART fake collected into the buffer (the newest output wins when the
 * buffer would overflow: long runs are not read back; reading them fails the test). */
static void gtu_pump(void)
{
    static char chunk[4096];
    size_t n;
    while ((n = fake_uart_output(chunk, sizeof chunk)) > 0) {
        if (gtu_len + n + 1 >= sizeof gtu_buf) {
            gtu_len = 0;
            gtu_lost = 1;
        }
        memcpy(gtu_buf + gtu_len, chunk, n);
        gtu_len += n;
        gtu_buf[gtu_len] = '\0';
    }
}

void gtu_capture_start(void)
{
    fake_hal_reset();
    gtu_clear();
}

const char *gtu_out(void)
{
    gtu_pump();
    assert_false(gtu_lost); /* the output read back must be whole */
    return gtu_buf;
}

void gtu_clear(void)
{
    gtu_pump();
    gtu_logged = 0;
    gtu_len = 0;
    gtu_lost = 0;
    gtu_buf[0] = '\0';
}

void gtu_drain(game_t *g)
{
    for (uint8_t i = 0; i < game_reports_waiting(g); i++) {
        if (gtu_logged < sizeof gtu_log / sizeof gtu_log[0]) {
            gtu_log[gtu_logged] = *game_report_at(g, i);
        }
        gtu_logged++;
    }
    gtu_say(g);
}

unsigned gtu_reports(void)
{
    return gtu_logged;
}

unsigned gtu_reports_of(game_report_kind_t kind)
{
    unsigned n = 0;
    assert_true(gtu_logged <= sizeof gtu_log / sizeof gtu_log[0]); /* whole log */
    for (unsigned i = 0; i < gtu_logged; i++) {
        n += gtu_log[i].kind == kind;
    }
    return n;
}

const game_report_t *gtu_last_report(game_report_kind_t kind)
{
    assert_true(gtu_logged <= sizeof gtu_log / sizeof gtu_log[0]);
    for (unsigned i = gtu_logged; i-- > 0;) {
        if (gtu_log[i].kind == kind) {
            return &gtu_log[i];
        }
    }
    return NULL;
}

void gtu_init(game_t *g, uint16_t seed)
{
    game_init(g, seed);
    gtu_drain(g);
}

uint8_t gtu_take_save(game_t *g)
{
    return game_take_save(g);
}

/* The only places a test sets the game's data: records as loaded from EEPROM, counts
 * planted in the statistics, a position to play from. */
stats_t *gtu_stats(game_t *g)
{
    return &g->stats;
}

void gtu_place(game_t *g, pos_t p)
{
    assert_true(pos_is_legal(p) && !pos_is_over(p));
    g->st = state_from_pos(p);
    g->ai_ms = 0; /* the AI's reply, if due, at the next tick */
}

void gtu_queue_report(game_t *g, const game_report_t *r)
{
    assert_true(g->reports < GAME_REPORTS_MAX);
    g->report[g->reports++] = *r;
}

void gtu_discard_reports(game_t *g)
{
    game_report_t r;
    while (game_take_report(g, &r)) {
    }
}

void gtu_assert_pos(const game_t *g, pos_t p)
{
    assert_int_equal(game_pos(g).x, p.x);
    assert_int_equal(game_pos(g).o, p.o);
}

/* Yellow at full, steady. */
static uint16_t gtu_yellow(const leds_frame_t *f)
{
    return (uint16_t)(f->red & f->green & ~f->dim & ~f->blink);
}

uint16_t gtu_flickering(const game_t *g)
{
    game_t later = *g; /* a copy: the game itself does not move on */
    leds_frame_t now, then;
    game_frame(g, &now);
    game_tick(&later, GAME_FLASH_STEP_MS);
    game_frame(&later, &then);
    /* lit yellow in one frame, dark in the other, 50 ms apart */
    return (uint16_t)((gtu_yellow(&now) & ~(then.red | then.green)) |
                      (gtu_yellow(&then) & ~(now.red | now.green)));
}

/* Hold a key ms on a game nobody reads the reports of (a copy). */
static void gtu_quiet_press(game_t *g, uint8_t cell, uint16_t ms)
{
    key_event_t ev = {KEY_EV_PRESS, cell};
    game_key(g, &ev);
    game_tick(g, ms);
    ev.kind = KEY_EV_RELEASE;
    game_key(g, &ev);
    game_tick(g, 1);
}

uint8_t gtu_menu_look(const game_t *g, uint8_t cell)
{
    game_t look = *g; /* a copy: closed, then opened afresh, nothing chosen */
    if (game_menu_open(&look)) {
        gtu_quiet_press(&look, GAME_MENU_OPEN_CELL, 60); /* a tap on the centre closes it */
    }
    gtu_quiet_press(&look, GAME_MENU_OPEN_CELL, GAME_MENU_HOLD_MS + 100u);
    assert_int_equal(game_state(&look), GAME_ST_MENU);
    return gtu_cell(&look, cell);
}

void gtu_idle_now(game_t *g)
{
    gtu_ev(g, KEY_EV_RELEASE, 0); /* a key event the press ignores (no key is held) */
}

uint8_t gtu_cell(const game_t *g, uint8_t cell)
{
    leds_frame_t f;
    uint16_t bit = (uint16_t)(1u << cell);
    game_frame(g, &f);
    return (uint8_t)(((f.red & bit) ? LED_RED : 0u) | ((f.green & bit) ? LED_GREEN : 0u) |
                     ((f.blink & bit) ? LED_BLINK : 0u) | ((f.dim & bit) ? LED_DIM : 0u));
}

unsigned gtu_count_lines(const char *prefix)
{
    unsigned n = 0;
    size_t plen = strlen(prefix);
    const char *s = gtu_out();
    while (*s) {
        if (strncmp(s, prefix, plen) == 0) {
            n++;
        }
        s = strchr(s, '\n');
        if (!s) {
            break;
        }
        s++;
    }
    return n;
}

void gtu_start(game_t *g, uint8_t mode, uint8_t level, uint16_t seed)
{
    settings_t s;
    stats_t st;
    stats_settings_default(&s);
    s.mode = mode;
    s.level = level;
    s.color_blind = 0; /* the plain colours (the cues: test_game_cues.c) */
    stats_clear(&st);
    gtu_capture_start();
    game_load(g, &s, &st);
    gtu_say_banner();
    gtu_init(g, seed);
    gtu_tick(g, GAME_BOOT_MS);
}

void gtu_tick(game_t *g, uint32_t ms)
{
    while (ms--) {
        game_tick(g, 1);
        gtu_drain(g);
        if ((ms & 63u) == 0) {
            gtu_pump();
        }
    }
}

void gtu_ev(game_t *g, uint8_t kind, uint8_t cell)
{
    key_event_t ev;
    ev.kind = kind;
    ev.cell = cell;
    game_key(g, &ev);
    gtu_drain(g);
}

void gtu_tap(game_t *g, uint8_t cell)
{
    gtu_ev(g, KEY_EV_PRESS, cell);
    gtu_tick(g, 60);
    gtu_ev(g, KEY_EV_RELEASE, cell);
    gtu_tick(g, 1);
}

void gtu_long(game_t *g, uint8_t cell)
{
    gtu_ev(g, KEY_EV_PRESS, cell);
    gtu_tick(g, GAME_LONG_MS + 100u);
    gtu_ev(g, KEY_EV_RELEASE, cell);
    gtu_tick(g, 1);
}

void gtu_open(game_t *g)
{
    gtu_ev(g, KEY_EV_PRESS, GAME_MENU_OPEN_CELL);
    gtu_tick(g, GAME_MENU_HOLD_MS + 100u);
    gtu_ev(g, KEY_EV_RELEASE, GAME_MENU_OPEN_CELL);
    gtu_tick(g, 1);
}

void gtu_pause(game_t *g)
{
    gtu_tick(g, GAME_MENU_GAP_MS);
}

void gtu_menu(game_t *g, uint8_t cell)
{
    gtu_open(g);
    gtu_pause(g);
    gtu_tap(g, cell);
    gtu_pause(g);
    gtu_tap(g, cell);
}

void gtu_settle(game_t *g)
{
    for (uint32_t ms = 0; ms < 20000u && (game_state(g) == GAME_ST_RESULT ||
                                         game_state(g) == GAME_ST_REPLAY);
         ms++) {
        gtu_tick(g, 1);
    }
    assert_int_equal(game_state(g), GAME_ST_BOARD);
}

uint8_t gtu_marks(const game_t *g)
{
    return (uint8_t)(pos_count(game_pos(g).x) + pos_count(game_pos(g).o));
}

void gtu_check_consistent(const game_t *g)
{
    assert_true(pos_is_legal(game_pos(g)));
    assert_int_equal(game_over(g), pos_is_over(game_pos(g)) ? 1 : 0);
    assert_true(stats_settings_valid(game_settings(g)));
    assert_true(stats_valid(game_stats(g)));
    for (uint8_t c = 0; c < 9; c++) {
        assert_true(gtu_cell(g, c) <= (LED_YELLOW | LED_BLINK | LED_DIM));
    }
    if (game_ai_to_move(g)) {
        assert_true(g->ai_ms <= GAME_BOOT_MS + GAME_AI_DELAY_MS);
    }
}

static int gtu_has_line(uint16_t m)
{
    static const uint16_t lines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
    for (int i = 0; i < 8; i++) {
        if ((m & lines[i]) == lines[i]) {
            return 1;
        }
    }
    return 0;
}

int gtu_minimax(pos_t p)
{
    int xs = __builtin_popcount(p.x), os = __builtin_popcount(p.o);
    uint16_t theirs = xs == os ? p.o : p.x;
    int best = -2;
    if (gtu_has_line(theirs)) {
        return -1;
    }
    if ((p.x | p.o) == 0x1FF) {
        return 0;
    }
    for (int c = 0; c < 9; c++) {
        if (!((p.x | p.o) & (1 << c))) {
            pos_t q = p;
            if (xs == os) {
                q.x |= (uint16_t)(1 << c);
            } else {
                q.o |= (uint16_t)(1 << c);
            }
            int v = -gtu_minimax(q);
            if (v > best) {
                best = v;
            }
        }
    }
    return best;
}

void gtu_stats_show(game_t *g)
{
    g->idle = 0; /* as after the press that asks for it */
    game_stats_show(g);
}
