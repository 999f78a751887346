/* hal/avr/keys_hw.c - key matrix pins on the chip: sense columns are inputs with the
 * internal pull-ups, drive rows are inputs without pull-up (hi-Z) except the one the
 * timer ISR pulls low (keys_isr_step in hal_isr.h). keys_hw_raw() hands the last
 * complete 3 ms scan to the main loop (16-bit: read atomically). */
#include "keys_hw.h"

#include <avr/io.h>
#include <util/atomic.h>

#include "board_check.h"
#include "hal_isr.h"

keyscan_map_t keys_map;
uint8_t keys_scan_row;
uint16_t keys_scan_acc;
volatile uint16_t keys_raw_scan;
uint8_t keys_scan_on;

void keys_hw_init(void)
{
    keyscan_map_init(&keys_map);
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        for (uint8_t p = 0; p < 3; p++) {
            /* All key pins inputs (datasheet 13.2.3: DDR=0); rows PORT=0 -> hi-Z, and
             * 0 is the level they drive once the ISR sets their DDR bit. */
            *keys_ddr[p] &= (uint8_t)~(keys_map.rows_all[p] | keys_map.cols_all[p]);
            *keys_port[p] &= (uint8_t)~keys_map.rows_all[p];
            /* Columns PORT=1 with DDR=0: internal pull-up (20-50 kOhm, table 28-x). */
            *keys_port[p] |= keys_map.cols_all[p];
        }
        keys_scan_row = 0;
        keys_scan_acc = 0;
        keys_raw_scan = 0;
        keyscan_drive(keys_ddr, 0); /* row 0 low: the ISR reads it in 1 ms */
        keys_scan_on = 1;
    }
}

uint16_t keys_hw_raw(void)
{
    uint16_t raw;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { raw = keys_raw_scan; }
    return raw;
}
