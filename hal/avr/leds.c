/* hal/avr/leds.c - the LED display on the chip: sets the LED pins up as outputs and
 * hands frames to the timer ISR (tick.c), which multiplexes them one row per 500 us.
 * Double-buffered: leds_show() builds the hidden buffer, then switches the ISR's
 * pointer to it with interrupts off, so the ISR never sees half a frame. An unchanged
 * frame costs a 9-byte compare, nothing more (the main loop shows a frame every
 * millisecond). A cell that starts to blink restarts the blink clock in its lit half,
 * so a new blinking mark is never first shown dark. */
#include "leds.h"

#include <avr/io.h>
#include <util/atomic.h>

#include "board_check.h"
#include "hal_isr.h"

ledmux_map_t leds_map;
ledmux_frame_t leds_frames[2];
uint8_t leds_front;
const uint8_t *volatile leds_cols;
volatile uint8_t leds_enabled;
uint8_t leds_blink_off;
static uint8_t leds_last[LEDS_CELLS]; /* the frame the built buffers hold */

void leds_init(void)
{
    ledmux_map_init(&leds_map);
    for (uint8_t i = 0; i < LEDS_CELLS; i++)
        leds_last[i] = LED_OFF;
    ledmux_build(leds_last, leds_frames[0]); /* both buffers dark */
    ledmux_build(leds_last, leds_frames[1]);
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        leds_front = 0;
        leds_cols = &leds_frames[0][0][0][0];
        leds_blink_off = 0;
        leds_enabled = 1;
        /* Inactive level first (PORT), then outputs (DDR), so no LED flashes: rows low
         * keep the MOSFET gates off, columns low keep the anodes unpowered. */
        ledmux_blank(&leds_map, &PORTB, &PORTC, &PORTD);
        DDRB |= (uint8_t)~leds_map.keep[0];
        DDRC |= (uint8_t)~leds_map.keep[1];
        DDRD |= (uint8_t)~leds_map.keep[2];
    }
}

void leds_show(const uint8_t frame[LEDS_CELLS])
{
    uint8_t changed = 0, new_blink = 0;
    for (uint8_t i = 0; i < LEDS_CELLS; i++) {
        if (frame[i] != leds_last[i]) {
            changed = 1;
            if ((frame[i] & LED_BLINK) && !(leds_last[i] & LED_BLINK))
                new_blink = 1;
            leds_last[i] = frame[i];
        }
    }
    if (!changed && leds_enabled)
        return;
    uint8_t back = (uint8_t)(leds_front ^ 1u);
    ledmux_build(frame, leds_frames[back]);
    leds_front = back;
    /* a 2-byte pointer: switch it with interrupts off; shown from the next ISR step */
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        leds_cols = &leds_frames[back][0][0][0];
        leds_enabled = 1;
        if (new_blink) {
            leds_blink_off = 0;
            leds_blink_ms = 0;
        }
    }
}

void leds_off(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        if (leds_enabled) /* else never initialised, or already dark */
            ledmux_blank(&leds_map, &PORTB, &PORTC, &PORTD);
        leds_enabled = 0;
    }
}
