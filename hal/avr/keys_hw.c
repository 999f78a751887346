/* hal/avr/keys_hw.c - the timer interrupt's key scans to the main loop (several bytes:
 * read and cleared with interrupts off). */
#include "keys_hw.h"

#include <util/atomic.h>

#include "hal_isr.h"

volatile uint8_t keys_raw01, keys_raw2;
volatile uint8_t keys_changed01, keys_changed2;
volatile uint8_t keys_scan_ms;

/* The interrupt's two bytes (hal_isr.h) as a cell bitmap, bit i = cell i. */
static uint16_t keys_unpack(uint8_t rows01, uint8_t row2)
{
    return (uint16_t)(rows01 | (uint16_t)row2 << 6);
}

void keys_hw_take(keys_scan_t *s)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        s->raw = keys_unpack(keys_raw01, keys_raw2);
        s->changed = keys_unpack(keys_changed01, keys_changed2);
        s->at_ms = keys_scan_ms;
        keys_changed01 = 0;
        keys_changed2 = 0;
    }
}
