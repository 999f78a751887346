/* hal/keyscan.h - the key matrix scan logic, pure C (host-tested with an electrical
 * model of the diode matrix). One drive row at a time is pulled low (DDR bit set,
 * PORT bit 0); the other rows float (hi-Z), so with a diode per switch (anode on the
 * sense column, cathode on the drive row) a sense column reads low exactly when a
 * closed switch joins it to the driven row: no ghosting, no masking. The sense
 * columns have the internal pull-ups on. keyscan_read() turns the three PIN registers
 * into the 3-bit "closed" pattern of the driven row. */
#ifndef HAL_KEYSCAN_H
#define HAL_KEYSCAN_H
#include <stdint.h>

/* ISR helpers must really inline: a call would make the ISR save every register. */
#ifndef HAL_ALWAYS_INLINE
#define HAL_ALWAYS_INLINE __attribute__((always_inline))
#endif

#include "pins.h"

#define KEYSCAN_ROWS 3u
#define KEYSCAN_COLS 3u

typedef struct {
    uint8_t row_port[KEYSCAN_ROWS], row_mask[KEYSCAN_ROWS]; /* drive rows */
    uint8_t col_port[KEYSCAN_COLS], col_mask[KEYSCAN_COLS]; /* sense columns */
    uint8_t rows_all[3], cols_all[3];                       /* per port B/C/D */
} keyscan_map_t;

void keyscan_map_init(keyscan_map_t *m);

/* The pins themselves, as constants: with constant indices and a constant register
 * table (PINB/PINC/PIND on the chip) the inline functions below fold into single
 * sbic/sbi/cbi instructions in the ISR; the tests pass tables of fake bytes. */
static const uint8_t keyscan_row_pins[KEYSCAN_ROWS] = BOARD_KEY_ROW_PINS;
static const uint8_t keyscan_col_pins[KEYSCAN_COLS] = BOARD_KEY_COL_PINS;

/* 1 when sense column c reads "closed" (pulled to the driven row through a switch). */
static inline HAL_ALWAYS_INLINE uint8_t keyscan_col_closed(volatile uint8_t *const pin[3], uint8_t c)
{
    uint8_t p = keyscan_col_pins[c];
    uint8_t level = (uint8_t)(*pin[BOARD_PIN_PORT(p)] & (1u << BOARD_PIN_BIT(p)));
#if BOARD_KEY_COL_ACTIVE_LOW
    return level == 0;
#else
    return level != 0;
#endif
}

/* Columns of the driven row that read "closed", bit c = column c. */
static inline HAL_ALWAYS_INLINE uint8_t keyscan_read(volatile uint8_t *const pin[3])
{
    _Static_assert(KEYSCAN_COLS == 3, "keyscan_read is unrolled for 3 columns");
    return (uint8_t)(keyscan_col_closed(pin, 0) | (keyscan_col_closed(pin, 1) << 1) |
                     (keyscan_col_closed(pin, 2) << 2));
}

/* Drive row r low (DDR bit 1; its PORT bit stays 0) or release it to hi-Z (DDR 0).
 * r must be a constant for the single-instruction form (the ISR switches on it). */
static inline HAL_ALWAYS_INLINE void keyscan_drive(volatile uint8_t *const ddr[3], uint8_t r)
{
    uint8_t p = keyscan_row_pins[r];
    *ddr[BOARD_PIN_PORT(p)] |= (uint8_t)(1u << BOARD_PIN_BIT(p));
}

static inline HAL_ALWAYS_INLINE void keyscan_release(volatile uint8_t *const ddr[3], uint8_t r)
{
    uint8_t p = keyscan_row_pins[r];
    *ddr[BOARD_PIN_PORT(p)] &= (uint8_t)~(1u << BOARD_PIN_BIT(p));
}

/* One scan step: read the row driven since the last step, release it, drive the next.
 * *acc collects the rows of the scan in progress; returns 1 when *acc holds a complete
 * 9-bit scan (then the caller publishes it; the next step starts a fresh one). */
static inline HAL_ALWAYS_INLINE uint8_t keyscan_step(volatile uint8_t *const pin[3],
                                   volatile uint8_t *const ddr[3], uint8_t *row,
                                   uint16_t *acc)
{
    uint8_t closed = keyscan_read(pin);
    _Static_assert(KEYSCAN_ROWS == 3, "keyscan_step is unrolled for 3 rows");
    switch (*row) {
    case 0:
        *acc = closed;
        keyscan_release(ddr, 0);
        keyscan_drive(ddr, 1);
        *row = 1;
        return 0;
    case 1:
        *acc |= (uint8_t)(closed << 3); /* bits 3..5: still in the low byte */
        keyscan_release(ddr, 1);
        keyscan_drive(ddr, 2);
        *row = 2;
        return 0;
    default:
        *acc |= (uint16_t)(closed * 64u); /* bits 6..8 (a multiply, not a shift loop) */
        keyscan_release(ddr, 2);
        keyscan_drive(ddr, 0);
        *row = 0;
        return 1;
    }
}

#endif
