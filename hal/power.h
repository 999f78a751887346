/* hal/power.h - sleep, power-down, watchdog and reset cause (contract). */
#ifndef HAL_POWER_H
#define HAL_POWER_H
#include <stdint.h>

enum {
    RESET_POWER_ON = 1,
    RESET_EXTERNAL = 2,
    RESET_BROWN_OUT = 4,
    RESET_WATCHDOG = 8
};

/* Read and clear the reset cause, switch the watchdog on (call first in main). */
void power_init(void);
/* The reset cause captured by power_init(): RESET_* bits. */
uint8_t power_reset_cause(void);
/* Kick the watchdog (once per main-loop pass). */
void power_wdt_kick(void);
/* Idle sleep until the next interrupt (timer tick, UART, key). */
void power_idle(void);
/* Power-down until any key is pressed (pin-change interrupt); the caller has switched
 * the LEDs off. Returns after wake-up with the tick running again. */
void power_down_until_key(void);

#endif
