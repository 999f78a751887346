/* hal/avr/tick.c - Timer0 at 2 kHz: the one periodic interrupt. Each step shows the
 * next LED row (3 rows -> 667 Hz frame rate); every 2nd step also counts a millisecond,
 * advances the 250 ms blink phase and scans one key row. ISR context only counts,
 * steps and flags (about 100-200 cycles; see `make bench`: isr_cpu_percent). */
#include "tick.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "board_check.h"
#include "hal_isr.h"

#define TICK_PRESCALER 64ul
#define TICK_STEP_HZ 2000ul
#define TICK_OCR ((F_CPU / TICK_PRESCALER / TICK_STEP_HZ) - 1u)
_Static_assert(F_CPU % (TICK_PRESCALER * TICK_STEP_HZ) == 0, "2 kHz must divide F_CPU/64");
_Static_assert(TICK_OCR <= 255u, "OCR0A is 8 bits");

volatile uint32_t tick_count;         /* ms since tick_init() (hal_isr.h) */
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

uint8_t leds_blink_ms; /* ms into the current 250 ms blink phase (ISR-owned) */

ISR(TIMER0_COMPA_vect)
{
    static uint8_t row3;     /* 3 * LED row shown in this step */
    static uint8_t half;     /* 1 on the step that completes a millisecond */
    uint8_t pending;

    leds_isr_step(row3);
    row3 = row3 == 3u * (LEDMUX_ROWS - 1u) ? 0 : (uint8_t)(row3 + 3u);
    half ^= 1u;
    if (!half)
        return;
    tick_count++;
    pending = tick_pending;
    if (pending != 255u)
        tick_pending = (uint8_t)(pending + 1u);
    if (++leds_blink_ms == 250u) {
        leds_blink_ms = 0;
        leds_blink_off ^= (uint8_t)(LEDMUX_ROWS * LEDMUX_PORTS); /* 0 <-> 9: phase 1 */
    }
    keys_isr_step((uint8_t)tick_count);
}
