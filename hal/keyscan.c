/* hal/keyscan.c - fills the key-scan map from board/pins.h (pure C). Invariant: the
 * masks hold exactly one bit each; rows_all/cols_all are their per-port unions. */
#include "keyscan.h"

#include "board_check.h"

_Static_assert(BOARD_KEY_ROW_ACTIVE_LOW,
               "keyscan drives a row by pulling it low (open-drain emulation)");

void keyscan_map_init(keyscan_map_t *m)
{
    for (uint8_t p = 0; p < 3; p++)
        m->rows_all[p] = m->cols_all[p] = 0;
    for (uint8_t r = 0; r < KEYSCAN_ROWS; r++) {
        m->row_port[r] = BOARD_PIN_PORT(keyscan_row_pins[r]);
        m->row_mask[r] = (uint8_t)(1u << BOARD_PIN_BIT(keyscan_row_pins[r]));
        m->rows_all[m->row_port[r]] |= m->row_mask[r];
    }
    for (uint8_t c = 0; c < KEYSCAN_COLS; c++) {
        m->col_port[c] = BOARD_PIN_PORT(keyscan_col_pins[c]);
        m->col_mask[c] = (uint8_t)(1u << BOARD_PIN_BIT(keyscan_col_pins[c]));
        m->cols_all[m->col_port[c]] |= m->col_mask[c];
    }
}
