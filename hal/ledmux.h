/* hal/ledmux.h - the LED multiplexer's logic, pure C (host-tested against fake ports).
 *
 * The display is 3 rows (common cathodes, one low-side MOSFET each) x 6 color columns
 * (red/green anode of each of 3 cells). ledmux_build() turns a frame of 9 LED_* cells
 * into per-row column patterns for both blink phases; the timer ISR then calls, for
 * each step, ledmux_blank() (every LED pin to its inactive level: no row is on while
 * the columns change, so nothing ghosts), ledmux_columns() and ledmux_row(). Each
 * works on three port registers (B, C, D) passed by pointer, so the same inline code
 * drives PORTB/C/D on the chip and a uint8_t[3] in the tests. Bits of a port that are
 * not LED pins (e.g. the key matrix on port C) are never changed.
 */
#ifndef HAL_LEDMUX_H
#define HAL_LEDMUX_H
#include <stdint.h>

/* ISR helpers must really inline: a call would make the ISR save every register. */
#ifndef HAL_ALWAYS_INLINE
#define HAL_ALWAYS_INLINE __attribute__((always_inline))
#endif

#include "leds.h"

#define LEDMUX_PORTS 3u
#define LEDMUX_ROWS 3u

typedef struct {
    uint8_t keep[LEDMUX_PORTS]; /* port bits that are NOT LED pins */
    uint8_t off[LEDMUX_PORTS];  /* inactive level of the LED pins (0 for active-high) */
    uint8_t row_on[LEDMUX_ROWS][LEDMUX_PORTS]; /* bits to toggle to switch row r on */
} ledmux_map_t;

/* Column patterns of one frame: [blink phase 0 = on / 1 = off][row][port]; each byte
 * holds the column bits to toggle from the inactive level (so active-low columns work). */
typedef uint8_t ledmux_frame_t[2][LEDMUX_ROWS][LEDMUX_PORTS];

/* Fill the map from board/pins.h. */
void ledmux_map_init(ledmux_map_t *m);
/* Turn 9 cells (LED_* colors, optionally | LED_BLINK; other bits ignored) into column
 * patterns. Blinking cells are lit in phase 0 only. */
void ledmux_build(const uint8_t frame[LEDS_CELLS], ledmux_frame_t out);

/* Step 1: every LED pin inactive (all rows off, all columns off). */
static inline HAL_ALWAYS_INLINE void ledmux_blank(const ledmux_map_t *m, volatile uint8_t *pb,
                                                 volatile uint8_t *pc, volatile uint8_t *pd)
{
    *pb = (uint8_t)((*pb & m->keep[0]) | m->off[0]);
    *pc = (uint8_t)((*pc & m->keep[1]) | m->off[1]);
    *pd = (uint8_t)((*pd & m->keep[2]) | m->off[2]);
}

/* Step 2: the columns of one row, c = f[phase][row] of a built frame (rows still off). */
static inline HAL_ALWAYS_INLINE void ledmux_columns(const uint8_t c[LEDMUX_PORTS],
                                                   volatile uint8_t *pb, volatile uint8_t *pc,
                                                   volatile uint8_t *pd)
{
    *pb = (uint8_t)(*pb ^ c[0]);
    *pc = (uint8_t)(*pc ^ c[1]);
    *pd = (uint8_t)(*pd ^ c[2]);
}

/* Step 3: switch the one row on, r = m->row_on[row]. */
static inline HAL_ALWAYS_INLINE void ledmux_row(const uint8_t r[LEDMUX_PORTS],
                                               volatile uint8_t *pb, volatile uint8_t *pc,
                                               volatile uint8_t *pd)
{
    *pb = (uint8_t)(*pb ^ r[0]);
    *pc = (uint8_t)(*pc ^ r[1]);
    *pd = (uint8_t)(*pd ^ r[2]);
}

#endif
