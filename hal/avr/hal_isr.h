/* hal/avr/hal_isr.h - HAL-internal: the state the 2 kHz timer ISR (tick.c) shares
 * with leds.c and keys_hw.c, and the two inline ISR steps. Everything here runs in or
 * hands over to ISR context: main-loop code reads the multi-byte values only inside
 * ATOMIC_BLOCK and never touches the LED PORT bits or key DDR bits while the timer
 * interrupt is enabled. */
#ifndef HAL_AVR_HAL_ISR_H
#define HAL_AVR_HAL_ISR_H
#include <avr/io.h>
#include <stdint.h>

#include "keyscan.h"
#include "ledmux.h"

/* Time (tick.c): ms since tick_init(). */
extern volatile uint32_t tick_count;

/* LEDs (leds.c) */
extern ledmux_map_t leds_map;
extern ledmux_frame_t leds_frames[2];
extern uint8_t leds_front;               /* frame shown; main builds the other (main only) */
extern const uint8_t *volatile leds_cols; /* &leds_frames[front][0][0][0]; set atomically */
extern volatile uint8_t leds_enabled;     /* 0 after leds_off(): rows stay dark */
extern uint8_t leds_blink_off;            /* 0 = blink on phase, 9 = off phase (ISR-owned) */
extern uint8_t leds_blink_ms;             /* ms into the blink phase (tick.c, ISR-owned) */

/* Keys (keys_hw.c) */
extern keyscan_map_t keys_map;
extern uint8_t keys_scan_row;           /* row driven low right now (ISR-owned) */
extern uint16_t keys_scan_acc;          /* bits of the scan in progress (ISR-owned) */
extern volatile uint16_t keys_raw_scan; /* last complete scan, for the main loop */
extern volatile uint16_t keys_changed;  /* keys that changed between scans since taken */
extern volatile uint8_t keys_scan_ms;   /* tick_ms() low byte of keys_raw_scan */
extern uint8_t keys_scan_on;            /* set by keys_hw_init(): pins are configured */
/* Register tables as constants, so keyscan_step() compiles to sbic/sbi/cbi. */
static volatile uint8_t *const keys_pin[3] = {&PINB, &PINC, &PIND};
static volatile uint8_t *const keys_ddr[3] = {&DDRB, &DDRC, &DDRD};
static volatile uint8_t *const keys_port[3] = {&PORTB, &PORTC, &PORTD};

/* One display step: blank, columns of the row, then the row. row3 = 3 * row, the
 * byte offset of a row in both ledmux tables (kept pre-multiplied: no mul in the ISR). */
_Static_assert(sizeof(ledmux_frame_t) == 2u * LEDMUX_ROWS * LEDMUX_PORTS && LEDMUX_PORTS == 3u,
               "row offsets assume [phase][row][3 ports] bytes");
static inline void leds_isr_step(uint8_t row3)
{
    /* Disabled before leds_init() (the map is not built yet: touching the ports would
     * clear the key pull-ups) and after leds_off() (which blanked the pins itself). */
    if (!leds_enabled)
        return;
    ledmux_blank(&leds_map, &PORTB, &PORTC, &PORTD);
    ledmux_columns(leds_cols + leds_blink_off + row3, &PORTB, &PORTC, &PORTD);
    ledmux_row(&leds_map.row_on[0][0] + row3, &PORTB, &PORTC, &PORTD);
}

/* One key step (every ms): read the row driven during the last ms (1 ms of settling
 * through the 20-50 kOhm pull-ups is thousands of time constants of the pin
 * capacitance), release it, drive the next. A full 3x3 scan completes every 3 ms; it is
 * published with its time, and every key whose reading differs from the previous scan
 * is remembered until the main loop takes it (so a flicker between two main-loop passes
 * is never mistaken for a steady contact). ms = the low byte of the ms count. */
static inline void keys_isr_step(uint8_t ms)
{
    if (!keys_scan_on)
        return;
    if (keyscan_step(keys_pin, keys_ddr, &keys_scan_row, &keys_scan_acc)) {
        uint16_t scan = keys_scan_acc;
        keys_changed |= (uint16_t)(scan ^ keys_raw_scan);
        keys_raw_scan = scan;
        keys_scan_ms = ms;
    }
}

#endif
