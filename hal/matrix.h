/* hal/matrix.h - the shield's two matrices as compile-time port masks of board/pins.h
 * (each group of pins on one port, checked here), and the pure steps of driving them.
 * hal/avr/board_io.h adds the registers. */
#ifndef HAL_MATRIX_H
#define HAL_MATRIX_H
#include <stdint.h>

#include "attributes.h"
#include "board_check.h"

#define MATRIX_SAME_PORT3(a, b, c)                                                                 \
    (BOARD_PIN_PORT(a) == BOARD_PIN_PORT(b) && BOARD_PIN_PORT(b) == BOARD_PIN_PORT(c))
#define MATRIX_PICK3(i, a, b, c)                                                                   \
    ((i) == 0 ? BOARD_PIN_MASK(a) : (i) == 1 ? BOARD_PIN_MASK(b) : BOARD_PIN_MASK(c))

_Static_assert(BOARD_LED_ROW_ACTIVE_HIGH &&BOARD_LED_COL_ACTIVE_HIGH,
               "the HAL drives active-high LED rows and columns");
_Static_assert(MATRIX_SAME_PORT3(BOARD_LED_ROW0, BOARD_LED_ROW1, BOARD_LED_ROW2),
               "the HAL needs the three LED rows on one port");
_Static_assert(MATRIX_SAME_PORT3(BOARD_LED_C0_R, BOARD_LED_C1_R, BOARD_LED_C2_R) &&
                   MATRIX_SAME_PORT3(BOARD_LED_C0_G, BOARD_LED_C1_G, BOARD_LED_C2_G) &&
                   BOARD_PIN_PORT(BOARD_LED_C0_R) == BOARD_PIN_PORT(BOARD_LED_C0_G),
               "the HAL needs the six LED columns on one port");
_Static_assert(BOARD_KEY_ROW_ACTIVE_LOW &&BOARD_KEY_COL_ACTIVE_LOW,
               "the HAL scans by pulling a row low and reading columns low");
_Static_assert(MATRIX_SAME_PORT3(BOARD_KEY_ROW0, BOARD_KEY_ROW1, BOARD_KEY_ROW2) &&
                   MATRIX_SAME_PORT3(BOARD_KEY_COL0, BOARD_KEY_COL1, BOARD_KEY_COL2) &&
                   BOARD_PIN_PORT(BOARD_KEY_ROW0) == BOARD_PIN_PORT(BOARD_KEY_COL0),
               "the HAL needs the key rows and columns on one port");

#define LEDS_ROW_BIT(r) MATRIX_PICK3(r, BOARD_LED_ROW0, BOARD_LED_ROW1, BOARD_LED_ROW2)
#define LEDS_ROWS ((uint8_t)(LEDS_ROW_BIT(0) | LEDS_ROW_BIT(1) | LEDS_ROW_BIT(2)))
#define LEDS_RED(c) MATRIX_PICK3(c, BOARD_LED_C0_R, BOARD_LED_C1_R, BOARD_LED_C2_R)
#define LEDS_GREEN(c) MATRIX_PICK3(c, BOARD_LED_C0_G, BOARD_LED_C1_G, BOARD_LED_C2_G)
#define LEDS_COLS                                                                                  \
    ((uint8_t)(LEDS_RED(0) | LEDS_RED(1) | LEDS_RED(2) | LEDS_GREEN(0) | LEDS_GREEN(1) |           \
               LEDS_GREEN(2)))
#define KEYS_ROW_BIT(r) MATRIX_PICK3(r, BOARD_KEY_ROW0, BOARD_KEY_ROW1, BOARD_KEY_ROW2)
#define KEYS_COL_BIT(c) MATRIX_PICK3(c, BOARD_KEY_COL0, BOARD_KEY_COL1, BOARD_KEY_COL2)
#define KEYS_ROWS ((uint8_t)(KEYS_ROW_BIT(0) | KEYS_ROW_BIT(1) | KEYS_ROW_BIT(2)))
#define KEYS_COLS ((uint8_t)(KEYS_COL_BIT(0) | KEYS_COL_BIT(1) | KEYS_COL_BIT(2)))

/* The port bits of rows given as bits 0..2: a shift on adjacent ascending bits (this
 * board), else a test per bit (a compile-time choice). */
#define MATRIX_ADJACENT3(bit0, bit1, bit2) ((bit1) == (bit0) << 1 && (bit2) == (bit0) << 2)
/* always inline: the timer interrupt calls these */
static inline ATTR_ALWAYS_INLINE uint8_t matrix_led_rows(uint8_t rows3)
{
    if (MATRIX_ADJACENT3(LEDS_ROW_BIT(0), LEDS_ROW_BIT(1), LEDS_ROW_BIT(2)))
        return (uint8_t)(rows3 << __builtin_ctz(LEDS_ROW_BIT(0)));
    return (uint8_t)(((rows3 & 1u) ? LEDS_ROW_BIT(0) : 0u) | ((rows3 & 2u) ? LEDS_ROW_BIT(1) : 0u) |
                     ((rows3 & 4u) ? LEDS_ROW_BIT(2) : 0u));
}
static inline ATTR_ALWAYS_INLINE uint8_t matrix_key_rows(uint8_t rows3)
{
    if (MATRIX_ADJACENT3(KEYS_ROW_BIT(0), KEYS_ROW_BIT(1), KEYS_ROW_BIT(2)))
        return (uint8_t)(rows3 << __builtin_ctz(KEYS_ROW_BIT(0)));
    return (uint8_t)(((rows3 & 1u) ? KEYS_ROW_BIT(0) : 0u) | ((rows3 & 2u) ? KEYS_ROW_BIT(1) : 0u) |
                     ((rows3 & 4u) ? KEYS_ROW_BIT(2) : 0u));
}

/* Each column's dies' port bits, red then green, column 0 first (leds.c walks it). */
#define MATRIX_LED_DIES                                                                            \
    {                                                                                              \
        LEDS_RED(0), LEDS_GREEN(0), LEDS_RED(1), LEDS_GREEN(1), LEDS_RED(2), LEDS_GREEN(2)         \
    }

/* The columns a key-port reading shows closed (low), as bits 0..2; as above. */
#define MATRIX_KEY_COL_SHIFT (__builtin_ctz(KEYS_COL_BIT(0)))
static inline ATTR_ALWAYS_INLINE uint8_t matrix_key_cols(uint8_t pins)
{
    if (MATRIX_ADJACENT3(KEYS_COL_BIT(0), KEYS_COL_BIT(1), KEYS_COL_BIT(2)))
        return (uint8_t)((uint8_t)~pins >> MATRIX_KEY_COL_SHIFT) & 7u;
    return (uint8_t)(((pins & KEYS_COL_BIT(0)) ? 0u : 1u) | ((pins & KEYS_COL_BIT(1)) ? 0u : 2u) |
                     ((pins & KEYS_COL_BIT(2)) ? 0u : 4u));
}

#endif
