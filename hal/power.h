/* hal/power.h - reset cause, watchdog, sleep, supply voltage, stack use (contract;
 * hal/README.md, "Power"). */
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
enum {
    POWER_CAUSE_POWER_ON,
    POWER_CAUSE_EXTERNAL,
    POWER_CAUSE_BROWN_OUT,
    POWER_CAUSE_WATCHDOG,
    POWER_CAUSES
};

/* Init (first in main): the reset cause, the watchdog on (2 s). */
void power_init(void);

/* Runtime (main loop). */
uint8_t power_reset_cause(void);                       /* this boot's RESET_* bit */
void power_reset_counts(uint8_t counts[POWER_CAUSES]); /* since power-on, saturating */
void power_wdt_kick(void);                             /* once per main-loop pass */
void power_idle(void);                                 /* sleep until the next interrupt */
/* The key rows that can wake the board with the keys in `ignore` stuck down (their
 * rows stay undriven); 0: do not power down. */
uint8_t power_wake_rows(uint16_t ignore);
/* Power down, LEDs off, until a key of power_wake_rows(ignore) is pressed or a byte
 * starts on RXD; returns at once if a key is down already or no key could wake the
 * board. Returns the POWER_WOKE_* inputs that woke it (0: it did not power down). A
 * serial wake-up loses the line's first bytes: the USART is deaf while the clock stands
 * and during the crystal's start-up. */
enum { POWER_WOKE_KEY = 1, POWER_WOKE_SERIAL = 2 };
uint8_t power_down_until_input(uint16_t ignore);
/* Supply in 0.1 V against the 1.1 V bandgap (+-9 %); never waits; 0: no reading yet. */
uint8_t power_vcc_decivolts(void);
uint16_t power_stack_peak(void); /* most stack bytes used since reset */

#endif
