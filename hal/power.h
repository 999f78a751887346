/* hal/power.h - sleep, power-down, watchdog, reset cause, supply voltage and stack use
 * (contract). */
#ifndef HAL_POWER_H
#define HAL_POWER_H
#include <stdint.h>

/* Reset causes (bits of power_reset_cause()) and the index of each in the counts. */
enum {
    RESET_POWER_ON = 1,
    RESET_EXTERNAL = 2, /* the reset pin, or any reset that kept RAM without a cause */
    RESET_BROWN_OUT = 4,
    RESET_WATCHDOG = 8
};
enum { POWER_CAUSE_POWER_ON, POWER_CAUSE_EXTERNAL, POWER_CAUSE_BROWN_OUT,
       POWER_CAUSE_WATCHDOG, POWER_CAUSES };

/* Work out why the chip reset, switch the watchdog on (call first in main). A watchdog
 * reset is recognised even when a bootloader cleared MCUSR before the application ran:
 * the watchdog interrupt marks it in RAM that survives the reset. */
void power_init(void);
/* The cause of this boot: one RESET_* bit. */
uint8_t power_reset_cause(void);
/* Resets per cause since power-on (kept in RAM across resets; saturate at 255). */
void power_reset_counts(uint8_t counts[POWER_CAUSES]);
/* Kick the watchdog (once per main-loop pass). */
void power_wdt_kick(void);
/* Idle sleep until the next interrupt (timer tick, UART, key). */
void power_idle(void);
/* The key rows (bit r = row r, cells 3r..3r+2) whose keys can wake the board from
 * power-down when the keys in `ignore` are held down for good (stuck): a drive row with
 * an ignored key is left undriven, so none of its keys can. 0: nothing could wake it,
 * so do not power down. */
uint8_t power_wake_rows(uint16_t ignore);
/* Power-down until a key of power_wake_rows(ignore) is pressed (pin-change interrupt),
 * the LEDs switched off. Returns at once if such a key is already down (the LEDs off),
 * or if no key could wake the board (the LEDs as they were). Returns with the tick
 * running again. */
void power_down_until_key(uint16_t ignore);
/* Supply voltage in 0.1 V, measured against the internal 1.1 V bandgap (about
 * +-9 % on a given chip): the latest of continuous conversions, so it never waits; 0
 * if there is no reading (none finished yet, the first 0.2 ms after power_init() or a
 * wake-up; or an impossible one). */
uint8_t power_vcc_decivolts(void);
/* Most stack bytes ever used since reset (the untouched part of a painted stack). */
uint16_t power_stack_peak(void);

#endif
