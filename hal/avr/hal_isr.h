/* hal/avr/hal_isr.h - HAL-internal: the state the 2 kHz timer interrupt (tick.c) shares
 * with leds.c, keys_hw.c and power.c. Each is one byte, so each load and store is atomic;
 * the main loop reads the key scan (several bytes) and restarts the blink with
 * interrupts off, and touches the matrix ports only with interrupts off. */
#ifndef HAL_AVR_HAL_ISR_H
#define HAL_AVR_HAL_ISR_H
#include <stdint.h>

/* Time (tick.c): ms since tick_init(), low byte; the ISR is its only writer. */
extern volatile uint8_t tick_now;
/* Configure the LED and key pins, restart the mux cycle and the key scan at row 0 (call
 * with interrupts off). */
void tick_pins_init(void);

/* LEDs (leds.c): the column-port bits shown for each row, [half + row]; half = 0 in the
 * lit half of the blink, 3 in the dark half. leds_half and leds_blink_left are the
 * interrupt's; the main loop only restarts them. */
extern volatile uint8_t leds_cols[6];
extern volatile uint8_t leds_half;
extern volatile uint8_t leds_blink_left; /* ms left in this blink half */

/* Keys (keys_hw.c): rows 0..1 of the scan in progress (ISR-owned); the last complete
 * scan and the keys whose reading changed between two scans since the main loop last
 * took them, in two bytes: cells 0..5 (rows 0 and 1) as bits 0..5 of one, cells 6..8
 * (row 2) as bits 0..2 of the other (set = closed); the scan's time (tick_now). */
extern uint8_t keys_acc;
extern volatile uint8_t keys_raw01, keys_raw2;
extern volatile uint8_t keys_changed01, keys_changed2;
extern volatile uint8_t keys_scan_ms;

#endif
