/* tests/hal/test_matrix.c - the shield's matrices as compile-time masks (hal/matrix.h):
 * every mask is the single bit of its board pin, groups do not overlap, and the pure
 * steps drive and read them right: each set of LED or key rows drives its own rows, each of the
 * 64 red/green patterns of a row lights exactly its own dies, and each of the 8
 * closed-key patterns of a row reads back through an electrical model of the key port
 * (pull-ups, whatever the other bits do). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "matrix.h"

static const uint8_t led_rows[3] = BOARD_LED_ROW_PINS;
static const uint8_t red_pins[3] = BOARD_LED_RED_PINS;
static const uint8_t green_pins[3] = BOARD_LED_GREEN_PINS;
static const uint8_t key_rows[3] = BOARD_KEY_ROW_PINS;
static const uint8_t key_cols[3] = BOARD_KEY_COL_PINS;

static int one_bit(unsigned v)
{
    return v && !(v & (v - 1u));
}

static void test_masks(void **state)
{
    (void)state;
    for (uint8_t i = 0; i < 3; i++) {
        assert_int_equal(LEDS_ROW_BIT(i), 1u << BOARD_PIN_BIT(led_rows[i]));
        assert_int_equal(LEDS_RED(i), 1u << BOARD_PIN_BIT(red_pins[i]));
        assert_int_equal(LEDS_GREEN(i), 1u << BOARD_PIN_BIT(green_pins[i]));
        assert_int_equal(KEYS_ROW_BIT(i), 1u << BOARD_PIN_BIT(key_rows[i]));
        assert_int_equal(KEYS_COL_BIT(i), 1u << BOARD_PIN_BIT(key_cols[i]));
        assert_true(one_bit(LEDS_ROW_BIT(i)) && one_bit(LEDS_RED(i)) && one_bit(LEDS_GREEN(i)));
    }
    for (uint8_t rows = 0; rows < 8; rows++) { /* one-hot (the ISR) or sets (power-down) */
        uint8_t led = 0, key = 0;
        for (uint8_t i = 0; i < 3; i++) {
            if (rows & (1u << i)) {
                led |= LEDS_ROW_BIT(i);
                key |= KEYS_ROW_BIT(i);
            }
        }
        assert_int_equal(matrix_led_rows(rows), led);
        assert_int_equal(matrix_key_rows(rows), key);
    }
    assert_int_equal(__builtin_popcount(LEDS_ROWS), 3);
    assert_int_equal(__builtin_popcount(LEDS_COLS), 6);
    assert_int_equal(__builtin_popcount(KEYS_ROWS), 3);
    assert_int_equal(__builtin_popcount(KEYS_COLS), 3);
    assert_int_equal(KEYS_ROWS & KEYS_COLS, 0);
}

/* One row's column bits built from MATRIX_LED_DIES the way hal/avr/leds.c walks its copy
 * in flash: per column a red byte, then a green byte. */
static uint8_t led_row_from_dies(unsigned red3, unsigned green3)
{
    static const uint8_t dies[6] = MATRIX_LED_DIES;
    const uint8_t *die = dies;
    uint8_t lit = 0;
    for (uint8_t col = 0; col < 3; col++) {
        uint8_t r = *die++, g = *die++;
        if (red3 >> col & 1u)
            lit |= r;
        if (green3 >> col & 1u)
            lit |= g;
    }
    return lit;
}

static void test_led_rows(void **state)
{
    (void)state;
    for (unsigned red = 0; red < 8; red++) {
        for (unsigned green = 0; green < 8; green++) {
            uint8_t cols = led_row_from_dies(red, green);
            assert_int_equal(cols & (uint8_t)~LEDS_COLS, 0); /* only LED column bits */
            for (uint8_t c = 0; c < 3; c++) {
                assert_int_equal(!!(cols & LEDS_RED(c)), (red >> c) & 1u);
                assert_int_equal(!!(cols & LEDS_GREEN(c)), (green >> c) & 1u);
            }
        }
    }
}

/* The key port as read while one row is driven low: a closed key pulls its column low
 * through its diode; other columns read high (pull-ups); every other bit is `noise`. */
static uint8_t key_port_reading(uint8_t closed_cols, uint8_t noise)
{
    uint8_t pins = (uint8_t)((noise & (uint8_t)~KEYS_COLS) | KEYS_COLS);
    for (uint8_t c = 0; c < 3; c++)
        if (closed_cols & (1u << c))
            pins &= (uint8_t)~KEYS_COL_BIT(c);
    return pins;
}

static void test_key_columns(void **state)
{
    (void)state;
    for (unsigned noise = 0; noise < 256; noise++)
        for (uint8_t closed = 0; closed < 8; closed++)
            assert_int_equal(matrix_key_cols(key_port_reading(closed, (uint8_t)noise)), closed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_masks),
        cmocka_unit_test(test_led_rows),
        cmocka_unit_test(test_key_columns),
    };
    return cmocka_run_group_tests_name("hal_matrix", tests, NULL, NULL);
}
