/* hal/avr/hal_isr.h - HAL-internal: the state the 2 kHz timer interrupt (tick.c) shares
 * with leds.c, keys_hw.c and power.c, and its registers (GPIOR0-2). Each
 * is one byte, so each load and store is atomic; the main loop reads the key scan
 * (several bytes) and restarts the blink with interrupts off, and touches the matrix
 * ports only with interrupts off. */
#ifndef HAL_AVR_HAL_ISR_H
#define HAL_AVR_HAL_ISR_H
#include <avr/io.h>
#include <stdint.h>

/* The timer interrupt runs 2000 times a second, so its own state lives in the
 * general-purpose I/O registers (datasheet 7.5.1): `in`/`out` and single-instruction bit
 * set/clear/test instead of `lds`/`sts`. The names end in _GPIOR so that they read as
 * registers. Any reset clears them. */
#define TICK_FLAGS_GPIOR GPIOR0 /* bits TICK_F_*, set and cleared with sbi/cbi (atomic) */
#define TICK_F_HALF_MS 0        /* the last step ended the first half of a ms */
#define TICK_F_BLINK_DARK 1     /* the blink is in its dark half (leds.c restarts it) */
#define TICK_ROW_GPIOR GPIOR1   /* the step: LED and key row r, as 1 << r */
#define TICK_NOW_GPIOR GPIOR2   /* ms since tick_init(), low byte; only the ISR writes it */

/* Configure the LED and key pins, restart the mux cycle and the key scan at row 0 (call
 * with interrupts off). */
void tick_pins_init(void);

/* LEDs (leds.c): the column-port bits shown for each row, [row] in the lit half of the
 * blink, [3 + row] in the dark half. TICK_F_BLINK_DARK is the interrupt's (it switches
 * the half whenever TICK_NOW_GPIOR reaches leds_blink_at: every 256 ms); the main loop only
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
