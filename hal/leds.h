/* hal/leds.h - the 3x3 bi-color LED display (contract).
 * A frame is three 9-bit masks over the cells (bit i = cell i, reading order): red dies,
 * green dies (both = yellow), and the cells that blink (lit 256 ms, dark 256 ms). The
 * timer interrupt multiplexes it one row per 500 us step. */
#ifndef HAL_LEDS_H
#define HAL_LEDS_H
#include <stdint.h>

#define LEDS_CELLS 9

typedef struct {
    uint16_t red;
    uint16_t green;
    uint16_t blink;
} leds_frame_t;

void leds_init(void);
/* Show a frame from the next row step on (bits above cell 8 are ignored). A cell that
 * starts to blink restarts the blink clock in its lit half, so a new blinking mark is
 * never first shown dark. */
void leds_show(const leds_frame_t *f);
/* Switch every LED off until the next leds_show() (before power-down). */
void leds_off(void);

#endif
