/* tests/web/leds_fw.c - AVR image for the page's luminance test (tests/web/test_page_leds.mjs):
 * through the real LED driver, X (red) full in cell 1 and dim in cell 2, O (green) full in
 * cell 4 and dim in cell 5, cell 7 unlit; a digit received sets that brightness level
 * (LEDS_BRIGHT_*: 0 the dimmest), any of hal/leds_levels.h's. */
#include <stdint.h>

#include "leds.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

int main(void)
{
    /* red, green, blink, dim; bit i = cell i + 1 */
    static const leds_frame_t frame = {0x003, 0x018, 0x000, 0x012};

    power_init();
    leds_init();
    uart_init();
    tick_init();
    for (const char *s = "leds_fw: ready\n"; *s; s++)
        uart_putc((uint8_t)*s);
    leds_show(&frame);
    for (;;) {
        power_wdt_kick();
        int16_t c = uart_getc();
        if (c >= '0' && c < '0' + LEDS_BRIGHT_LEVELS) {
            leds_set_brightness((uint8_t)(c - '0'));
            uart_putc((uint8_t)c);
            uart_putc('\n');
        }
        power_idle();
    }
}
