/* hal/avr/hal_isr.h - HAL-internal: what the timer interrupt shares with leds.c,
 * keys_hw.c and power.c. Each item is one byte (atomic); the main loop reads several
 * together, and touches the matrix ports, only with interrupts off. */
#ifndef HAL_AVR_HAL_ISR_H
#define HAL_AVR_HAL_ISR_H
#include <avr/io.h>
#include <stdint.h>

/* The interrupt's own state, in GPIOR0-2 for its cycle budget (hal/README.md, "The timer
 * interrupt"); named _GPIOR to read as registers. */
#define TICK_FLAGS_GPIOR GPIOR0 /* bits TICK_F_*, set and cleared with sbi/cbi (atomic) */
#define TICK_F_HALF_MS 0        /* the last step ended the first half of a ms */
#define TICK_F_BLINK_DARK 1     /* the blink is in its dark half (leds.c restarts it) */
#define TICK_F_SOUND 2          /* a sound plays: its steps to count (sound.c starts it) */
#define TICK_ROW_GPIOR GPIOR1   /* the step: LED and key row r, as 1 << r */
#define TICK_NOW_GPIOR GPIOR2   /* ms since tick_init(), low byte; only the ISR writes it */

/* Precondition: interrupts off. Both matrices' pins; the cycle restarts at row 0. */
void tick_pins_init(void);

/* Timer0's interrupts: the step (compare A) and the dies lit later in it (compare B). */
#define TICK_TIMSK ((uint8_t)((1u << OCIE0A) | (1u << OCIE0B)))
#define TICK_TIFR ((uint8_t)((1u << OCF0A) | (1u << OCF0B)))

/* LEDs (leds.c): per slot LEDS_SLOT_BYTES column bytes, [row] for the blink's lit half,
 * [LEDS_DARK_HALF + row] for its dark half; slot 0 lit at the step's start, 1 and 2 at the
 * compare counts leds_duty_at[]. */
#define LEDS_SLOTS 3u
#define LEDS_DARK_HALF 3u                     /* one byte per row */
#define LEDS_SLOT_BYTES (2u * LEDS_DARK_HALF) /* both halves */
#define LEDS_DUTY_NEVER 0xFFu                 /* above OCR0A: never */
extern volatile uint8_t leds_cols[LEDS_SLOTS * LEDS_SLOT_BYTES];
extern volatile uint8_t leds_duty_at[LEDS_SLOTS - 1];
extern volatile uint8_t leds_blink_at;

/* Keys (keys_hw.c): the last scan, and changes not yet taken; cells 0..5, 6..8. */
extern volatile uint8_t keys_raw01, keys_raw2;
extern volatile uint8_t keys_changed01, keys_changed2;
extern volatile uint8_t keys_scan_ms;

#endif
