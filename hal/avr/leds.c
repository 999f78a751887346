/* hal/avr/leds.c - a frame into each row's column bits per blink half and slot, stored a
 * byte at a time: for one 1.5 ms frame at most, old and new rows may show together. */
#include "leds.h"

#include <avr/pgmspace.h>
#include <util/atomic.h>

#include "board_io.h"
#include "hal_isr.h"
#include "leds_duty.h"

volatile uint8_t leds_cols[LEDS_SLOTS * LEDS_SLOT_BYTES];
volatile uint8_t leds_duty_at[LEDS_SLOTS - 1];
volatile uint8_t leds_blink_at;
static leds_frame_t leds_frame; /* shown (all dark after leds_off()) */
static uint8_t leds_level;      /* LEDS_BRIGHT_FULL from leds_init() */

/* The column-port bits of each column's dies: red, green; column 0 first. */
static const uint8_t leds_die_bits[6] PROGMEM = MATRIX_LED_DIES;

void leds_init(void)
{
    leds_level = LEDS_BRIGHT_FULL;
    leds_off();
}

/* Full dies light before dim ones (at FULL from the step's start); no dim dies, no
 * compare for them. */
static void leds_build(void)
{
    uint16_t red = leds_frame.red, green = leds_frame.green;
    uint16_t blink = leds_frame.blink, dim = leds_frame.dim;
    uint8_t slot_full = 0, slot_dim = 1, at_full = LEDS_DUTY_NEVER;
    uint8_t at_dim = (uint8_t)(LEDS_DUTY_STEP - 1u - leds_duty_counts(leds_level, true));

    if (leds_level != LEDS_BRIGHT_FULL) {
        slot_full = 1;
        slot_dim = 2;
        at_full = (uint8_t)(LEDS_DUTY_STEP - 1u - leds_duty_counts(leds_level, false));
    }
    if (!((red | green) & dim & 0x1FFu))
        at_dim = LEDS_DUTY_NEVER;
    for (uint8_t row = 0; row < 3u; row++) {
        uint8_t lit[LEDS_SLOTS] = {0, 0, 0}, dark = 0; /* dark: the dies of blinking cells */
        const uint8_t *die = leds_die_bits;
        for (uint8_t col = 0; col < 3u; col++) {
            uint8_t r = pgm_read_byte(die++), g = pgm_read_byte(die++);
            uint8_t *slot = &lit[(dim & 1u) ? slot_dim : slot_full];
            if (red & 1u)
                *slot |= r;
            if (green & 1u)
                *slot |= g;
            if (blink & 1u)
                dark |= (uint8_t)(r | g);
            red >>= 1;
            green >>= 1;
            blink >>= 1;
            dim >>= 1;
        }
        for (uint8_t s = 0; s < LEDS_SLOTS; s++) {
            volatile uint8_t *slot = &leds_cols[LEDS_SLOT_BYTES * s + row];
            slot[0] = lit[s];
            slot[LEDS_DARK_HALF] = (uint8_t)(lit[s] & (uint8_t)~dark);
        }
    }
    leds_duty_at[0] = slot_full ? at_full : at_dim;
    leds_duty_at[1] = slot_full ? at_dim : LEDS_DUTY_NEVER;
}

void leds_show(const leds_frame_t *f)
{
    if (f->blink & (uint16_t)~leds_frame.blink) {
        /* a cell starts to blink: start the blink in its lit half */
        ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
        {
            TICK_FLAGS_GPIOR &= (uint8_t) ~(1u << TICK_F_BLINK_DARK);
            leds_blink_at = TICK_NOW_GPIOR; /* the half ends when the ms count is here again */
        }
    }
    leds_frame = *f;
    leds_build();
}

void leds_set_brightness(uint8_t level)
{
    if (level >= LEDS_BRIGHT_LEVELS || level == leds_level)
        return; /* the app sets it before every frame: rebuild only on a change */
    leds_level = level;
    leds_build();
}

void leds_off(void)
{
    leds_frame = (leds_frame_t){0, 0, 0, 0};
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        for (uint8_t i = 0; i < sizeof leds_cols; i++)
            leds_cols[i] = 0;
        LEDS_ROW_PORT &= (uint8_t)~LEDS_ROWS;
        LEDS_COL_PORT &= (uint8_t)~LEDS_COLS;
    }
}
