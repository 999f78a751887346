/* hal/avr/leds.c - a frame into each row's column bits, lit and dark blink half, stored a
 * byte at a time: for one 1.5 ms frame at most, old and new rows may show together. */
#include "leds.h"

#include <avr/pgmspace.h>
#include <util/atomic.h>

#include "board_io.h"
#include "hal_isr.h"

volatile uint8_t leds_cols[6];
volatile uint8_t leds_blink_at;
static uint16_t leds_blinking; /* the cells of the last frame that blink */

/* The column-port bits of each column's dies: red, green; column 0 first. */
static const uint8_t leds_die_bits[6] PROGMEM = MATRIX_LED_DIES;

void leds_init(void)
{
    leds_off();
}

void leds_show(const leds_frame_t *f)
{
    uint16_t red = f->red, green = f->green, blink = f->blink;

    if (blink & (uint16_t)~leds_blinking) {
        /* a cell starts to blink: start the blink in its lit half */
        ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
        {
            TICK_FLAGS_GPIOR &= (uint8_t)~(1u << TICK_F_BLINK_DARK);
            leds_blink_at = TICK_NOW_GPIOR; /* the half ends when the ms count is here again */
        }
    }
    leds_blinking = blink;
    for (volatile uint8_t *cols = leds_cols; cols < leds_cols + 3; cols++) { /* rows */
        uint8_t lit = 0, dark = 0; /* dark: the dies of blinking cells */
        const uint8_t *die = leds_die_bits;
        for (uint8_t col = 0; col < 3u; col++) {
            uint8_t r = pgm_read_byte(die++), g = pgm_read_byte(die++);
            if (red & 1u)
                lit |= r;
            if (green & 1u)
                lit |= g;
            if (blink & 1u)
                dark |= (uint8_t)(r | g);
            red >>= 1;
            green >>= 1;
            blink >>= 1;
        }
        cols[0] = lit;
        cols[3] = (uint8_t)(lit & (uint8_t)~dark);
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
