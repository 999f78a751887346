/* tests/hal/test_ledmux.c - the LED multiplexer against fake ports: for every frame
 * tried, each step blanks first (no row on while columns change), lights exactly one
 * row, lights each LED only in its own row's step with the frame's color, blinks on
 * the right phase, and never touches port bits that are not LED pins. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board_check.h"
#include "ledmux.h"

static const uint8_t row_pins[3] = BOARD_LED_ROW_PINS;
static const uint8_t red_pins[3] = BOARD_LED_RED_PINS;
static const uint8_t green_pins[3] = BOARD_LED_GREEN_PINS;

/* Electrical reading of the fake ports. */
static int pin_high(const volatile uint8_t *ports, uint8_t pin)
{
    return (ports[BOARD_PIN_PORT(pin)] >> BOARD_PIN_BIT(pin)) & 1;
}
static int row_active(const volatile uint8_t *ports, uint8_t r)
{
    return pin_high(ports, row_pins[r]) == BOARD_LED_ROW_ACTIVE_HIGH;
}
static int col_active(const volatile uint8_t *ports, uint8_t pin)
{
    return pin_high(ports, pin) == BOARD_LED_COL_ACTIVE_HIGH;
}
static int rows_on(const volatile uint8_t *ports)
{
    return row_active(ports, 0) + row_active(ports, 1) + row_active(ports, 2);
}
/* Which dies light: a die is lit when its row sinks and its column sources. */
static uint8_t lit_color(const volatile uint8_t *ports, uint8_t cell)
{
    uint8_t r = (uint8_t)(cell / 3u), c = (uint8_t)(cell % 3u), color = 0;
    if (!row_active(ports, r))
        return 0;
    if (col_active(ports, red_pins[c]))
        color |= LED_RED;
    if (col_active(ports, green_pins[c]))
        color |= LED_GREEN;
    return color;
}

static ledmux_map_t map;

/* Runs 2 full frames of steps over `frame` in the given blink phase, with random
 * non-LED bits in the ports, and checks every invariant after every sub-step. */
static void check_frame(const uint8_t frame[9], uint8_t phase)
{
    ledmux_frame_t f;
    volatile uint8_t ports[3];
    uint8_t other[3];
    unsigned lit_steps[9] = {0};

    ledmux_build(frame, f);
    for (uint8_t p = 0; p < 3; p++) {
        other[p] = (uint8_t)rand();
        ports[p] = other[p];
    }
    for (unsigned step = 0; step < 6; step++) {
        uint8_t row = (uint8_t)(step % 3u);
        ledmux_blank(&map, &ports[0], &ports[1], &ports[2]);
        assert_int_equal(rows_on(ports), 0);
        for (uint8_t c = 0; c < 3; c++) {
            assert_false(col_active(ports, red_pins[c]));
            assert_false(col_active(ports, green_pins[c]));
        }
        ledmux_columns(f[phase][row], &ports[0], &ports[1], &ports[2]);
        assert_int_equal(rows_on(ports), 0); /* columns change while all rows are off */
        ledmux_row(map.row_on[row], &ports[0], &ports[1], &ports[2]);
        assert_int_equal(rows_on(ports), 1);
        assert_true(row_active(ports, row));
        for (uint8_t cell = 0; cell < 9; cell++) {
            uint8_t want = (uint8_t)(frame[cell] & LED_COLOR_MASK);
            if ((frame[cell] & LED_BLINK) && phase == 1)
                want = 0;
            uint8_t got = lit_color(ports, cell);
            if (cell / 3u == row) {
                if (got != want)
                    fail_msg("step %u cell %u: lit %u, want %u", step, cell, got, want);
            } else {
                assert_int_equal(got, 0); /* other rows' LEDs are dark */
            }
            if (got)
                lit_steps[cell]++;
        }
        for (uint8_t p = 0; p < 3; p++) /* non-LED bits untouched */
            assert_int_equal(ports[p] & map.keep[p], other[p] & map.keep[p]);
    }
    for (uint8_t cell = 0; cell < 9; cell++) {
        uint8_t on = (frame[cell] & LED_COLOR_MASK) && !((frame[cell] & LED_BLINK) && phase);
        assert_int_equal(lit_steps[cell], on ? 2u : 0u); /* once per frame, its own row */
    }
}

static void test_map(void **state)
{
    (void)state;
    ledmux_map_init(&map);
    /* uno_shield_r1: rows PB0..2, columns PD2..7, nothing on port C */
    assert_int_equal(map.keep[0], 0xF8);
    assert_int_equal(map.keep[1], 0xFF);
    assert_int_equal(map.keep[2], 0x03);
    assert_int_equal(map.off[0] | map.off[1] | map.off[2], 0);
    for (uint8_t r = 0; r < 3; r++)
        assert_int_equal(map.row_on[r][0], 1u << r);
}

static void test_single_cells(void **state)
{
    (void)state;
    ledmux_map_init(&map);
    for (uint8_t cell = 0; cell < 9; cell++)
        for (uint8_t v = 0; v < 8; v++)
            for (uint8_t phase = 0; phase < 2; phase++) {
                uint8_t frame[9] = {0};
                frame[cell] = v;
                check_frame(frame, phase);
            }
}

static void test_full_and_random_frames(void **state)
{
    uint8_t frame[9];
    (void)state;
    ledmux_map_init(&map);
    memset(frame, LED_YELLOW, sizeof frame);
    check_frame(frame, 0);
    check_frame(frame, 1);
    srand(7);
    for (unsigned i = 0; i < 20000; i++) {
        for (uint8_t c = 0; c < 9; c++)
            frame[c] = (uint8_t)(rand() & 0xFF); /* junk high bits must be ignored */
        check_frame(frame, (uint8_t)(i & 1u));
    }
}

static void test_yellow_frame_pattern(void **state)
{
    ledmux_frame_t f;
    uint8_t frame[9];
    (void)state;
    memset(frame, LED_YELLOW, sizeof frame);
    ledmux_build(frame, f);
    for (uint8_t r = 0; r < 3; r++)
        assert_int_equal(f[0][r][2], 0xFC); /* all six columns PD2..PD7 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_single_cells),
        cmocka_unit_test(test_full_and_random_frames),
        cmocka_unit_test(test_yellow_frame_pattern),
    };
    return cmocka_run_group_tests_name("hal_ledmux", tests, NULL, NULL);
}
