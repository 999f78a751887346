/* hal/avr/tick.c - Timer0 at 2 kHz: the one periodic interrupt. Each step shows the
 * next LED row (3 rows -> 667 Hz frame rate, 1/3 duty); every 2nd step also counts a
 * millisecond, advances the 250 ms blink half and scans one key row (a full scan every
 * 3 ms). ISR context only counts, steps and flags: about 90 cycles a step (see
 * `make bench`: isr_cpu_percent). */
#include "tick.h"

#include <avr/interrupt.h>
#include <util/atomic.h>

#include "board_io.h"
#include "hal_isr.h"

#define TICK_PRESCALER 64ul
#define TICK_STEP_HZ 2000ul
#define TICK_OCR ((F_CPU / TICK_PRESCALER / TICK_STEP_HZ) - 1u)
_Static_assert(F_CPU % (TICK_PRESCALER * TICK_STEP_HZ) == 0, "2 kHz must divide F_CPU/64");
_Static_assert(TICK_OCR <= 255u, "OCR0A is 8 bits");
#define TICK_BLINK_MS 250u

volatile uint32_t tick_count;         /* ms since tick_init() */
static volatile uint8_t tick_pending; /* ms not yet taken by tick_take_ms_flag() */

void tick_init(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        tick_count = 0;
        tick_pending = 0;
        /* Datasheet 15.7.2 (CTC, WGM0 = 2): TCNT0 counts 0..OCR0A then clears. */
        TCCR0A = (uint8_t)(1u << WGM01);
        /* clk/64 (CS0 = 3, table 15-9): 16 MHz / 64 = 250 kHz, 4 us per count. */
        TCCR0B = (uint8_t)((1u << CS01) | (1u << CS00));
        /* 250 kHz / (124 + 1) = 2000 Hz: one step every 500 us. */
        OCR0A = (uint8_t)TICK_OCR;
        TCNT0 = 0;
        TIFR0 = (uint8_t)(1u << OCF0A); /* write 1 clears a stale compare flag */
        TIMSK0 = (uint8_t)(1u << OCIE0A);
    }
    sei();
}

uint32_t tick_ms(void)
{
    uint32_t t;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { t = tick_count; }
    return t;
}

uint8_t tick_take_ms_flag(void)
{
    uint8_t taken = 0;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        if (tick_pending) {
            tick_pending--;
            taken = 1;
        }
    }
    return taken;
}

/* One key step: read the row driven during the last ms (1 ms of settling through the
 * 20-50 kOhm pull-ups is thousands of time constants of the pin capacitance), release
 * it, drive the next. A complete scan is published with its time, and every key whose
 * reading differs from the previous scan is remembered until the main loop takes it
 * (so a flicker between two main-loop passes is never mistaken for a steady contact). */
static inline __attribute__((always_inline)) void tick_key_step(uint8_t ms)
{
    if (!keys_scan_on)
        return;
    uint8_t row = keys_scan_row;
    uint8_t closed = matrix_key_cols(KEYS_PIN);
    if (row == 0) {
        keys_scan_acc = closed;
        KEYS_DDR &= (uint8_t)~KEYS_ROW_BIT(0);
        KEYS_DDR |= KEYS_ROW_BIT(1);
        keys_scan_row = 1;
    } else if (row == 1) {
        keys_scan_acc |= (uint8_t)(closed << 3); /* bits 3..5: still the low byte */
        KEYS_DDR &= (uint8_t)~KEYS_ROW_BIT(1);
        KEYS_DDR |= KEYS_ROW_BIT(2);
        keys_scan_row = 2;
    } else {
        uint16_t scan = (uint16_t)(keys_scan_acc | (uint16_t)(closed * 64u)); /* 6..8 */
        KEYS_DDR &= (uint8_t)~KEYS_ROW_BIT(2);
        KEYS_DDR |= KEYS_ROW_BIT(0);
        keys_scan_row = 0;
        keys_changed |= (uint16_t)(scan ^ keys_raw_scan);
        keys_raw_scan = scan;
        keys_scan_ms = ms;
    }
}

ISR(TIMER0_COMPA_vect)
{
    static uint8_t row; /* LED row shown in this step */
    static uint8_t half; /* 1 on the step that completes a millisecond */
    uint8_t r = row;

    /* Blank first (no row on while the columns change: nothing ghosts), then the
     * columns of this row, then the row. */
    LEDS_ROW_PORT &= (uint8_t)~LEDS_ROWS;
    if (leds_enabled) {
        LEDS_COL_PORT = (uint8_t)((LEDS_COL_PORT & (uint8_t)~LEDS_COLS) |
                                  leds_cols[(uint8_t)(r + leds_dark * 3u)]);
        LEDS_ROW_PORT |= (uint8_t)(r == 0 ? LEDS_ROW_BIT(0) : r == 1 ? LEDS_ROW_BIT(1)
                                                                     : LEDS_ROW_BIT(2));
    }
    row = r == 2 ? 0 : (uint8_t)(r + 1u);
    half ^= 1u;
    if (!half)
        return;
    uint32_t ms = tick_count + 1u;
    tick_count = ms;
    if (tick_pending != 255u)
        tick_pending++;
    if (++leds_blink_ms == TICK_BLINK_MS) {
        leds_blink_ms = 0;
        leds_dark ^= 1u;
    }
    tick_key_step((uint8_t)ms);
}
