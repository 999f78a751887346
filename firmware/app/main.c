/* firmware/app/main.c - the AVR entry point: everything happens in app.c over the HAL
 * (power_init, tick/leds/keys/uart init, engine_init, records, then one app_step() per
 * main-loop pass: watchdog kick, keys, console, game, display, saves, sleep). No heap,
 * no recursion; interrupts are enabled by tick_init(). */
#include "app.h"

int main(void)
{
    app_init();
    for (;;) {
        app_step();
    }
}
