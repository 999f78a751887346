/* tests/hal/hal_bench_fw.c - AVR program for `make bench` (tests/hal/hal_bench.c runs it in
 * simavr): brings up every HAL module the game uses, shows a full yellow frame (all 18
 * dies, the heaviest display load; the diagonal dim, cells 7 and 9 blinking) and then
 * does what the game's main loop does when nothing happens: kick the watchdog, debounce
 * keys once per ms, sleep in idle. Key events go out on the serial port (press "1".."9",
 * release "a".."i"), which `tests/hal/hal_bench --check` uses to test the real key path;
 * a "0", "1" or "2" received sets that brightness level (LEDS_BRIGHT_*). */
#include <stdint.h>

#include "eeprom_store.h"
#include "keys.h"
#include "leds.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

int main(void)
{
    static const leds_frame_t yellow = {0x1FF, 0x1FF, 0x140, 0x111};
    uint8_t settings[4] = {0, 0, 0, 0};
    key_event_t ev;

    power_init();
    leds_init();
    keys_init();
    uart_init();
    tick_init();
    (void)eeprom_store_load(0, settings, sizeof settings);
    for (const char *s = "hal_bench: ready\n"; *s; s++)
        uart_putc((uint8_t)*s);
    leds_show(&yellow);
    for (;;) {
        power_wdt_kick();
        while (tick_take_ms_flag())
            keys_update();
        while (keys_next_event(&ev)) /* "5" press, "e" release of cell 5 */
            uart_putc((uint8_t)((ev.kind == KEY_EV_PRESS ? '1' : 'a') + ev.cell));
        int16_t c = uart_getc();
        if (c >= '0')
            leds_set_brightness((uint8_t)(c - '0'));
        power_idle();
    }
}
