/* hal/keyscan.h - the key matrix scan logic, pure C (host-tested with an electrical
 * model of the diode matrix). One drive row at a time is pulled low (DDR bit set,
 * PORT bit 0); the other rows float (hi-Z), so with a diode per switch (anode on the
 * sense column, cathode on the drive row) a sense column reads low exactly when a
 * closed switch joins it to the driven row: no ghosting, no masking. The sense
 * columns have the internal pull-ups on. keyscan_read() turns a snapshot of the three
 * PIN registers into the 3-bit "closed" pattern of the driven row. */
#ifndef HAL_KEYSCAN_H
#define HAL_KEYSCAN_H
#include <stdint.h>

#include "pins.h"

#define KEYSCAN_ROWS 3u
#define KEYSCAN_COLS 3u

typedef struct {
    uint8_t row_port[KEYSCAN_ROWS], row_mask[KEYSCAN_ROWS]; /* drive rows */
    uint8_t col_port[KEYSCAN_COLS], col_mask[KEYSCAN_COLS]; /* sense columns */
    uint8_t rows_all[3], cols_all[3];                       /* per port B/C/D */
} keyscan_map_t;

void keyscan_map_init(keyscan_map_t *m);

/* Columns of the driven row that read "closed", bit c = column c. */
static inline uint8_t keyscan_read(const keyscan_map_t *m, const uint8_t pin[3])
{
    uint8_t closed = 0;
    for (uint8_t c = 0; c < KEYSCAN_COLS; c++) {
        uint8_t level = (uint8_t)(pin[m->col_port[c]] & m->col_mask[c]);
#if BOARD_KEY_COL_ACTIVE_LOW
        if (!level)
#else
        if (level)
#endif
            closed |= (uint8_t)(1u << c);
    }
    return closed;
}

#endif
