/* hal/avr/keys_hw.c - key matrix pins on the chip: sense columns are inputs with the
 * internal pull-ups, drive rows are inputs without pull-up (hi-Z) except the one the
 * timer interrupt pulls low (tick.c). keys_hw_take() hands the last complete 3 ms scan,
 * its time and the keys that flickered since the previous take to the main loop
 * (multi-byte: read and cleared with interrupts off). */
#include "keys_hw.h"

#include <util/atomic.h>

#include "board_io.h"
#include "hal_isr.h"

uint8_t keys_scan_row;
uint16_t keys_scan_acc;
volatile uint16_t keys_raw_scan;
volatile uint16_t keys_changed;
volatile uint8_t keys_scan_ms;
volatile uint8_t keys_scan_on;

void keys_hw_init(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        /* All key pins inputs (datasheet 13.2.3: DDR = 0); rows PORT = 0: hi-Z, and 0 is
         * the level they drive once the interrupt sets their DDR bit. Columns PORT = 1
         * with DDR = 0: the internal pull-up (20-50 kOhm, table 29-11). */
        KEYS_DDR &= (uint8_t)~(KEYS_ROWS | KEYS_COLS);
        KEYS_PORT = (uint8_t)((KEYS_PORT & (uint8_t)~KEYS_ROWS) | KEYS_COLS);
        keys_scan_row = 0;
        keys_scan_acc = 0;
        /* The last scan stays (after a power-down: the keys as they were); it counts as
         * taken now and as flickering, so no debounce timer carries over. */
        keys_changed = 0x1FFu;
        keys_scan_ms = (uint8_t)tick_count;
        KEYS_DDR |= KEYS_ROW_BIT(0); /* row 0 low: the interrupt reads it in 1 ms */
        keys_scan_on = 1;
    }
}

void keys_hw_take(keys_scan_t *s)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        s->raw = keys_raw_scan;
        s->changed = keys_changed;
        s->at_ms = keys_scan_ms;
        keys_changed = 0;
    }
}
