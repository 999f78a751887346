/* hal/avr/hal_isr.h - HAL-internal: the state the 2 kHz timer interrupt (tick.c) shares
 * with leds.c, keys_hw.c and power.c, and the flags the interrupts keep in GPIOR0. Each
 * is one byte, so each load and store is atomic; the main loop reads the key scan
 * (several bytes) and restarts the blink with interrupts off, and touches the matrix
 * ports only with interrupts off. */
#ifndef HAL_AVR_HAL_ISR_H
#define HAL_AVR_HAL_ISR_H
#include <avr/io.h>
#include <stdint.h>

/* The hottest interrupt state lives in the general-purpose I/O registers GPIOR0..2
 * (datasheet 7.5.1, 8.6.4-8.6.6): bytes nothing else uses, reset to 0 by any reset, read
 * and written with `in`/`out` (2 bytes, 1 cycle) instead of `lds`/`sts` (4 bytes, 2
 * cycles); GPIOR0's bits also with sbi/cbi/sbis/sbic, single instructions, so a flag is
 * set or cleared atomically from any context. */
#define HAL_FLAGS GPIOR0
#define HAL_F_HALF_MS 0    /* tick.c (ISR): the last step ended the first half of a ms */
#define HAL_F_BLINK_DARK 1 /* leds.c, tick.c: the blink is in its dark half */
#define HAL_F_TX_STARTED 2 /* uart.c: a byte has been sent since reset */
#define HAL_F_PEER_HELD 3  /* uart.c: XOFF sent, XON not yet */
#define HAL_F_DOR_GAP 4    /* uart.c (ISR): DOR0 seen, the next byte stored marks a gap */
#define TICK_ROW GPIOR1    /* tick.c (ISR): the step, LED and key row r, as 1 << r */
#define TICK_NOW GPIOR2    /* tick.c: ms since tick_init(), low byte; the ISR writes it */

/* Configure the LED and key pins, restart the mux cycle and the key scan at row 0 (call
 * with interrupts off). */
void tick_pins_init(void);

/* LEDs (leds.c): the column-port bits shown for each row, [row] in the lit half of the
 * blink, [3 + row] in the dark half. HAL_F_BLINK_DARK is the interrupt's (it switches
 * the half whenever TICK_NOW reaches leds_blink_at: every 256 ms); the main loop only
 * restarts the blink. */
extern volatile uint8_t leds_cols[6];
extern volatile uint8_t leds_blink_at;

/* Keys (keys_hw.c): the last complete scan and the keys whose reading changed between
 * two scans since the main loop last took them, in two bytes: cells 0..5 (rows 0 and 1)
 * as bits 0..5 of one, cells 6..8 (row 2) as bits 0..2 of the other (set = closed); the
 * scan's time (TICK_NOW). */
extern volatile uint8_t keys_raw01, keys_raw2;
extern volatile uint8_t keys_changed01, keys_changed2;
extern volatile uint8_t keys_scan_ms;

#endif
