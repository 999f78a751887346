/* tests/hal/test_keyscan.c - the key scan against an electrical model of the diode
 * matrix: for all 512 sets of closed keys, driving each row low in turn and reading
 * the sense columns through keyscan_read() gives back exactly that set (no ghosting,
 * no masking). Also checks the map against the board header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "board_check.h"
#include "keyscan.h"

static const uint8_t row_pins[3] = BOARD_KEY_ROW_PINS;
static const uint8_t col_pins[3] = BOARD_KEY_COL_PINS;

/* Electrical model: rows whose DDR bit is set are driven low (their PORT bit is 0);
 * a sense column (pulled up) reads low when a closed switch joins it, through its
 * diode, to a driven row. The diodes block every path through a floating row, so other
 * keys do not matter. Unrelated pins read `noise`. */
static void model_pins(uint16_t closed, const uint8_t ddr[3], uint8_t pin[3], uint8_t noise)
{
    pin[0] = pin[1] = pin[2] = noise;
    for (uint8_t c = 0; c < 3; c++) {
        uint8_t p = col_pins[c], low = 0;
        for (uint8_t r = 0; r < 3; r++) {
            uint8_t rp = row_pins[r];
            uint8_t driven = (ddr[BOARD_PIN_PORT(rp)] >> BOARD_PIN_BIT(rp)) & 1u;
            if (driven && ((closed >> (3u * r + c)) & 1u))
                low = 1;
        }
        if (low)
            pin[BOARD_PIN_PORT(p)] &= (uint8_t)~(1u << BOARD_PIN_BIT(p));
        else
            pin[BOARD_PIN_PORT(p)] |= (uint8_t)(1u << BOARD_PIN_BIT(p));
    }
}

static unsigned rows_driven(const uint8_t ddr[3])
{
    unsigned n = 0;
    for (uint8_t r = 0; r < 3; r++)
        n += (ddr[BOARD_PIN_PORT(row_pins[r])] >> BOARD_PIN_BIT(row_pins[r])) & 1u;
    return n;
}

static void test_map(void **state)
{
    keyscan_map_t m;
    (void)state;
    keyscan_map_init(&m);
    for (uint8_t i = 0; i < 3; i++) {
        assert_int_equal(m.row_port[i], BOARD_PIN_PORT(row_pins[i]));
        assert_int_equal(m.row_mask[i], 1u << BOARD_PIN_BIT(row_pins[i]));
        assert_int_equal(m.col_port[i], BOARD_PIN_PORT(col_pins[i]));
        assert_int_equal(m.col_mask[i], 1u << BOARD_PIN_BIT(col_pins[i]));
    }
    assert_int_equal(m.rows_all[BOARD_PORT_C], 0x38); /* PC3..PC5 */
    assert_int_equal(m.cols_all[BOARD_PORT_C], 0x07); /* PC0..PC2 */
}

/* For all 512 sets of closed keys: run the scan steps the ISR runs against the model;
 * exactly one row is driven at any time, no other DDR bit changes, and every published
 * scan equals the closed set (no ghosting, no masking). */
static void test_all_512_sets(void **state)
{
    (void)state;
    for (uint16_t closed = 0; closed < 512; closed++) {
        for (uint8_t noise = 0; noise < 2; noise++) {
            uint8_t ddr[3] = {0x00, 0x00, 0x00}, pin[3];
            volatile uint8_t *const ddr_regs[3] = {&ddr[0], &ddr[1], &ddr[2]};
            volatile uint8_t *const pin_regs[3] = {&pin[0], &pin[1], &pin[2]};
            uint8_t row = 0;
            uint16_t acc = 0;
            unsigned published = 0;
            keyscan_drive(ddr_regs, 0); /* what keys_hw_init() does */
            for (unsigned step = 0; step < 9; step++) {
                assert_int_equal(rows_driven(ddr), 1);
                model_pins(closed, ddr, pin, noise ? 0xFF : 0x00);
                if (keyscan_step(pin_regs, ddr_regs, &row, &acc)) {
                    assert_int_equal(acc, closed);
                    published++;
                }
                assert_int_equal(ddr[0] | ddr[2], 0); /* only port C rows touched */
            }
            assert_int_equal(published, 3);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_all_512_sets),
    };
    return cmocka_run_group_tests_name("hal_keyscan", tests, NULL, NULL);
}
