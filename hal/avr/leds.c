/* hal/avr/leds.c - the LED display on the chip: turns a frame into the column-port bits
 * of each row, lit and dark blink half, which the timer interrupt (tick.c) shows one row
 * per 500 us step; tick_init() has made the pins outputs. The six bytes are stored one at
 * a time while the interrupt runs (a one-byte store is atomic): for at most one 1.5 ms
 * mux frame, rows of the old and of the new frame may show together, which no eye can
 * tell from the update itself landing a row later. Main-loop context only. */
#include "leds.h"

#include <util/atomic.h>

#include "board_io.h"
#include "hal_isr.h"

volatile uint8_t leds_cols[12];
volatile uint8_t leds_half;
volatile uint8_t leds_blink_left;
static uint16_t leds_blinking; /* the cells of the last frame that blink */

/* Not inlined: called twice per row. */
static __attribute__((noinline)) uint8_t leds_row_bits(uint8_t red3, uint8_t green3)
{
    return matrix_led_row(red3, green3);
}

void leds_init(void)
{
    leds_off();
}

void leds_show(const leds_frame_t *f)
{
    uint16_t red = f->red, green = f->green, blink = f->blink;
    volatile uint8_t *b = leds_cols;

    if (blink & (uint16_t)~leds_blinking) {
        /* a cell starts to blink: start the blink in its lit half */
        ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
        {
            leds_half = 0;
            leds_blink_left = 250u;
        }
    }
    leds_blinking = blink;
    for (uint8_t row = 0; row < 3u; row++, b++) {
        uint8_t lit = leds_row_bits((uint8_t)(red & 7u), (uint8_t)(green & 7u));
        uint8_t dark = (uint8_t)(lit & (uint8_t)~leds_row_bits((uint8_t)(blink & 7u),
                                                                (uint8_t)(blink & 7u)));
        b[0] = b[3] = lit; /* steps row and row + 3 */
        b[6] = b[9] = dark;
        red >>= 3;
        green >>= 3;
        blink >>= 3;
    }
}

void leds_off(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        for (uint8_t i = 0; i < sizeof leds_cols; i++)
            leds_cols[i] = 0;
        LEDS_ROW_PORT &= (uint8_t)~LEDS_ROWS;
        LEDS_COL_PORT &= (uint8_t)~LEDS_COLS;
    }
}
