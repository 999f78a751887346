/* tests/hal/test_hal_fakes.c - the host fakes other engineers' tests rely on: keys
 * through the REAL debouncer and event queue (bounce, long press, overflow), the fake
 * clock's ms flags, the serial fake, the LED frame, power counters and reset cause. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hal_fake.h"
#include "keys.h"
#include "leds.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

static int setup(void **state)
{
    (void)state;
    fake_hal_reset();
    tick_init();
    keys_init();
    uart_init();
    leds_init();
    return 0;
}

/* The game's main loop, reduced: one keys_update per ms flag. */
static void run_ms(uint32_t ms)
{
    for (uint32_t i = 0; i < ms; i++) {
        fake_tick_advance(1);
        while (tick_take_ms_flag())
            keys_update();
    }
}

static void test_key_press_with_bounce(void **state)
{
    key_event_t ev;
    (void)state;
    run_ms(5);
    for (int i = 0; i < 4; i++) { /* 8 ms of chatter on cell 2 */
        fake_keys_set_raw(1u << 2);
        run_ms(1);
        fake_keys_set_raw(0);
        run_ms(1);
    }
    fake_keys_set_raw(1u << 2);
    run_ms(30);
    assert_int_equal(keys_state(), 1u << 2);
    assert_int_equal(keys_next_event(&ev), 1);
    assert_int_equal(ev.kind, KEY_EV_PRESS);
    assert_int_equal(ev.cell, 2);
    assert_int_equal(keys_next_event(&ev), 0); /* exactly one */
    fake_keys_set_raw(0);
    run_ms(30);
    assert_int_equal(keys_next_event(&ev), 1);
    assert_int_equal(ev.kind, KEY_EV_RELEASE);
    assert_int_equal(keys_next_event(&ev), 0);
}

static void test_held_and_stuck(void **state)
{
    key_event_t ev;
    (void)state;
    fake_keys_set_raw(1u << 8);
    run_ms(1000);
    assert_int_equal(keys_next_event(&ev), 1);
    assert_int_equal(ev.kind, KEY_EV_PRESS);
    assert_int_equal(ev.cell, 8);
    run_ms(10000); /* held or stuck: nothing more */
    assert_int_equal(keys_next_event(&ev), 0);
    assert_int_equal(keys_lost_events(), 0);
}

static void test_queue_overflow_drops_newest(void **state)
{
    key_event_t ev;
    unsigned n = 0;
    (void)state;
    fake_keys_set_raw(0x1FF); /* 9 presses at once, nobody pops: queue holds 8 */
    run_ms(20);
    fake_keys_set_raw(0);
    run_ms(20);
    while (keys_next_event(&ev)) {
        assert_int_equal(ev.kind, KEY_EV_PRESS);
        assert_int_equal(ev.cell, n);
        n++;
    }
    assert_int_equal(n, 8);
    assert_int_equal(keys_lost_events(), 1u + 9u);
}

static void test_tick_flags(void **state)
{
    (void)state;
    assert_int_equal(tick_ms(), 0);
    assert_int_equal(tick_take_ms_flag(), 0);
    fake_tick_advance(3);
    assert_int_equal(tick_ms(), 3);
    assert_int_equal(tick_take_ms_flag(), 1);
    assert_int_equal(tick_take_ms_flag(), 1);
    assert_int_equal(tick_take_ms_flag(), 1);
    assert_int_equal(tick_take_ms_flag(), 0);
    fake_tick_advance(1000);
    unsigned n = 0;
    while (tick_take_ms_flag())
        n++;
    assert_int_equal(n, 255); /* capped like the chip's counter */
}

static void test_uart(void **state)
{
    char out[64];
    (void)state;
    assert_int_equal(uart_getc(), -1);
    fake_uart_feed("ab\r\n", 4);
    assert_int_equal(uart_getc(), 'a');
    assert_int_equal(uart_getc(), 'b');
    assert_int_equal(uart_getc(), '\r');
    assert_int_equal(uart_getc(), '\n');
    assert_int_equal(uart_getc(), -1);
    for (const char *c = "ttt: ready\n"; *c; c++)
        assert_int_equal(uart_putc((uint8_t)*c), 1);
    assert_int_equal(uart_putc('x'), 1);
    assert_int_equal(fake_uart_output(out, sizeof out), 12);
    assert_string_equal(out, "ttt: ready\nx");
    assert_int_equal(fake_uart_output(out, sizeof out), 0);
    for (const char *c = "0123456789"; *c; c++)
        assert_int_equal(uart_putc((uint8_t)*c), 1);
    assert_int_equal(fake_uart_output(out, 5), 4); /* keeps the rest */
    assert_string_equal(out, "0123");
    assert_int_equal(fake_uart_output(out, sizeof out), 6);
    assert_string_equal(out, "456789");
    assert_int_equal(uart_tx_busy(), 0);
    assert_int_equal(uart_rx_overruns(), 0);
    /* a loss after "c": flagged on that byte and counted */
    fake_uart_feed("cd", 2);
    fake_uart_lose();
    fake_uart_feed("e", 1);
    assert_int_equal(uart_getc(), 'c');
    assert_int_equal(uart_getc(), 'd' | UART_RX_GAP_AFTER);
    assert_int_equal(uart_getc(), 'e');
    assert_int_equal(uart_rx_overruns(), 1);
    /* a narrowed TX ring: bytes beyond the room are dropped, one count per byte */
    fake_uart_set_tx_room(3);
    assert_int_equal(uart_tx_free(), 3);
    for (int i = 0; i < 5; i++)
        uart_putc('z');
    assert_int_equal(uart_tx_free(), 0);
    assert_int_equal(uart_tx_dropped(), 2);
    assert_int_equal(uart_tx_busy(), 1); /* its bytes are still "being sent" */
    assert_int_equal(fake_uart_output(out, sizeof out), 3);
    assert_int_equal(uart_tx_free(), 3);
    assert_int_equal(uart_tx_busy(), 0);
}

static void test_leds_and_power(void **state)
{
    const leds_frame_t frame = {0x105 | 0xFE00, 0x106, 0x004 | 0x008, 0x002 | 0x010};
    (void)state;
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_FULL);
    leds_show(&frame);
    assert_int_equal(fake_leds_cell(0), LED_RED);
    assert_int_equal(fake_leds_cell(1), LED_GREEN | LED_DIM);
    assert_int_equal(fake_leds_cell(2), LED_YELLOW | LED_BLINK);
    assert_int_equal(fake_leds_cell(3), LED_OFF); /* blinking but dark: nothing */
    assert_int_equal(fake_leds_cell(4), LED_OFF); /* dim but dark: nothing */
    assert_int_equal(fake_leds_cell(8), LED_YELLOW);
    assert_int_equal(fake_leds_frame()->red, 0x105); /* bits past cell 9 dropped */
    assert_int_equal(fake_leds_frame()->dim, 0x002);
    leds_set_brightness(LEDS_BRIGHT_NIGHT);
    leds_set_brightness(LEDS_BRIGHT_LEVELS); /* out of range: ignored */
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_NIGHT);
    leds_off();
    assert_int_equal(fake_leds_cell(0), LED_OFF);
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_NIGHT); /* kept */
    leds_set_brightness(LEDS_BRIGHT_MEDIUM);
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_MEDIUM);

    fake_power_set_reset_cause(RESET_WATCHDOG);
    power_init();
    assert_int_equal(power_reset_cause(), RESET_WATCHDOG);
    power_init(); /* the cause is read once, then it is a plain power-on again */
    assert_int_equal(power_reset_cause(), RESET_POWER_ON);
    power_idle();
    power_idle();
    power_wdt_kick();
    assert_int_equal(power_down_until_input(1u << 4), POWER_WOKE_KEY);
    assert_int_equal(fake_power_idle_count(), 2);
    assert_int_equal(fake_power_wdt_kicks(), 1);
    assert_int_equal(fake_power_down_count(), 1);
    assert_int_equal(fake_power_down_ignore(), 1u << 4);
    /* a stuck key blocks its whole drive row from waking the board */
    assert_int_equal(power_wake_rows(0), 7);
    assert_int_equal(power_wake_rows(1u << 4), 5); /* cell 5 is in row 1 */
    assert_int_equal(power_wake_rows((1u << 0) | (1u << 5) | (1u << 8)), 0);
    assert_int_equal(power_down_until_input(0x111), 0); /* nothing could wake it */
    assert_int_equal(fake_power_down_count(), 1);
    fake_power_set_wake(POWER_WOKE_SERIAL);
    assert_int_equal(power_down_until_input(0), POWER_WOKE_SERIAL);
    assert_int_equal(fake_power_down_count(), 2);
    assert_int_equal(power_vcc_decivolts(), 50);
    fake_hal_reset();
    assert_int_equal(fake_power_idle_count(), 0);
    assert_int_equal(fake_leds_brightness(), LEDS_BRIGHT_FULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_key_press_with_bounce, setup),
        cmocka_unit_test_setup(test_held_and_stuck, setup),
        cmocka_unit_test_setup(test_queue_overflow_drops_newest, setup),
        cmocka_unit_test_setup(test_tick_flags, setup),
        cmocka_unit_test_setup(test_uart, setup),
        cmocka_unit_test_setup(test_leds_and_power, setup),
    };
    return cmocka_run_group_tests_name("hal_fakes", tests, NULL, NULL);
}
