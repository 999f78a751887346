/* hal/avr/hal_isr.h - HAL-internal: the state the 2 kHz timer interrupt (tick.c) shares
 * with leds.c, keys_hw.c and power.c. Main-loop code reads the multi-byte values only
 * inside ATOMIC_BLOCK and never touches the LED PORT bits or key DDR bits while the timer
 * interrupt runs. */
#ifndef HAL_AVR_HAL_ISR_H
#define HAL_AVR_HAL_ISR_H
#include <stdint.h>

/* Time (tick.c): ms since tick_init(). */
extern volatile uint32_t tick_count;

/* LEDs (leds.c): the column bytes shown, [dark half][row]; the ISR adds 3 * leds_dark. */
extern const uint8_t *volatile leds_cols;
extern volatile uint8_t leds_enabled; /* 0: rows stay dark */
extern uint8_t leds_dark;             /* 1 in the dark half of the blink (ISR-owned) */
extern uint8_t leds_blink_ms;         /* ms into the blink half (ISR-owned) */

/* Keys (keys_hw.c): the scan in progress and the last complete one. */
extern uint8_t keys_scan_row;           /* row driven low right now (ISR-owned) */
extern uint16_t keys_scan_acc;          /* bits of the scan in progress (ISR-owned) */
extern volatile uint16_t keys_raw_scan; /* last complete scan, bit i = cell i closed */
extern volatile uint16_t keys_changed;  /* keys that changed between scans since taken */
extern volatile uint8_t keys_scan_ms;   /* tick_count low byte of keys_raw_scan */
extern volatile uint8_t keys_scan_on;   /* set by keys_hw_init(): pins are configured */

#endif
