/* hal/avr/leds.c - the LED display on the chip: sets the LED pins up as outputs and
 * hands frames to the timer interrupt (tick.c), which multiplexes them one row per
 * 500 us. Double-buffered: leds_show() builds the column bytes of the hidden buffer, then
 * switches the interrupt's pointer to it with interrupts off, so the interrupt never
 * sees half a frame. An unchanged frame costs a 6-byte compare. */
#include "leds.h"

#include <util/atomic.h>

#include "board_io.h"
#include "hal_isr.h"

const uint8_t *volatile leds_cols;
volatile uint8_t leds_enabled;
uint8_t leds_dark;
uint8_t leds_blink_ms;
static uint8_t leds_buf[2][6]; /* [buffer][dark half * 3 + row] */
static uint8_t leds_back;      /* the buffer not shown */
static leds_frame_t leds_last; /* what the shown buffer holds */

void leds_init(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        leds_cols = leds_buf[0]; /* all dark */
        leds_back = 1;
        leds_dark = 0;
        leds_enabled = 1;
        /* Inactive level first (PORT), then outputs (DDR), so no LED flashes: rows low
         * keep the MOSFET gates off, columns low keep the anodes unpowered. */
        LEDS_ROW_PORT &= (uint8_t)~LEDS_ROWS;
        LEDS_COL_PORT &= (uint8_t)~LEDS_COLS;
        LEDS_ROW_DDR |= LEDS_ROWS;
        LEDS_COL_DDR |= LEDS_COLS;
    }
}

void leds_show(const leds_frame_t *f)
{
    uint16_t red = f->red, green = f->green;
    uint8_t *b = leds_buf[leds_back];
    uint8_t new_blink = (f->blink & (uint16_t)~leds_last.blink) != 0;

    if (leds_enabled && red == leds_last.red && green == leds_last.green &&
        f->blink == leds_last.blink)
        return;
    leds_last = *f;
    for (uint8_t dark = 0; dark < 6u; dark += 3u) {
        uint16_t r = red, g = green;
        for (uint8_t row = 0; row < 3u; row++) {
            b[dark + row] = matrix_led_row((uint8_t)(r & 7u), (uint8_t)(g & 7u));
            r >>= 3;
            g >>= 3;
        }
        red &= (uint16_t)~f->blink; /* the dark half: blinking cells off */
        green &= (uint16_t)~f->blink;
    }
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        leds_cols = b;
        leds_enabled = 1;
        if (new_blink) {
            leds_dark = 0;
            leds_blink_ms = 0;
        }
    }
    leds_back ^= 1u;
}

void leds_off(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        leds_enabled = 0;
        LEDS_ROW_PORT &= (uint8_t)~LEDS_ROWS;
        LEDS_COL_PORT &= (uint8_t)~LEDS_COLS;
    }
}
