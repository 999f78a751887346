/* hal/leds.h - the 3x3 bi-color LED display (contract).
 * A frame is 9 cells in reading order, each a led_cell value: a color, optionally
 * with LED_BLINK. The timer ISR multiplexes it one row per step. */
#ifndef HAL_LEDS_H
#define HAL_LEDS_H
#include <stdint.h>

enum {
    LED_OFF = 0,
    LED_RED = 1,
    LED_GREEN = 2,
    LED_YELLOW = 3, /* both dies */
    LED_COLOR_MASK = 3,
    LED_BLINK = 4 /* on 250 ms, off 250 ms */
};
#define LEDS_CELLS 9

void leds_init(void);
/* Copy a whole frame (9 bytes); the display shows it from the next row step on. */
void leds_show(const uint8_t frame[LEDS_CELLS]);
/* Switch every LED off and stop driving rows (before power-down). */
void leds_off(void);

#endif
