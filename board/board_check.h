/* board/board_check.h - compile-time proof that a board's pin map is sane.
 *
 * Included by every HAL source (after board/pins.h). Fails the build when a pin is
 * used twice, when PD0/PD1 (RXD/TXD, the Uno's USB serial port) are taken, when a
 * pin names a port or bit that does not exist, or when the row/column counts are off.
 * Method: map each pin p to the bit 1 << p of a 24-bit set (8 bits per port); the
 * plain SUM of those bits equals their OR exactly when no pin repeats (a repeat
 * carries into a higher bit), and the OR's population count must equal the number
 * of pins listed.
 */
#ifndef BOARD_CHECK_H
#define BOARD_CHECK_H

#include "pins.h"

/* A FOR_EACH over up to 24 arguments, folding with an operator. */
#define BOARD_BIT_(p) (1ul << ((p) & 31u))
#define BOARD_ARG_N_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, \
                     _16, _17, _18, _19, _20, _21, _22, _23, _24, N, ...)               \
    N
#define BOARD_COUNT(...)                                                                 \
    BOARD_ARG_N_(__VA_ARGS__, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11,    \
                 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define BOARD_CAT_(a, b) a##b
#define BOARD_CAT(a, b) BOARD_CAT_(a, b)
#define BOARD_FOLD_1(op, f, x) f(x)
#define BOARD_FOLD_2(op, f, x, ...) f(x) op BOARD_FOLD_1(op, f, __VA_ARGS__)
#define BOARD_FOLD_3(op, f, x, ...) f(x) op BOARD_FOLD_2(op, f, __VA_ARGS__)
#define BOARD_FOLD_4(op, f, x, ...) f(x) op BOARD_FOLD_3(op, f, __VA_ARGS__)
#define BOARD_FOLD_5(op, f, x, ...) f(x) op BOARD_FOLD_4(op, f, __VA_ARGS__)
#define BOARD_FOLD_6(op, f, x, ...) f(x) op BOARD_FOLD_5(op, f, __VA_ARGS__)
#define BOARD_FOLD_7(op, f, x, ...) f(x) op BOARD_FOLD_6(op, f, __VA_ARGS__)
#define BOARD_FOLD_8(op, f, x, ...) f(x) op BOARD_FOLD_7(op, f, __VA_ARGS__)
#define BOARD_FOLD_9(op, f, x, ...) f(x) op BOARD_FOLD_8(op, f, __VA_ARGS__)
#define BOARD_FOLD_10(op, f, x, ...) f(x) op BOARD_FOLD_9(op, f, __VA_ARGS__)
#define BOARD_FOLD_11(op, f, x, ...) f(x) op BOARD_FOLD_10(op, f, __VA_ARGS__)
#define BOARD_FOLD_12(op, f, x, ...) f(x) op BOARD_FOLD_11(op, f, __VA_ARGS__)
#define BOARD_FOLD_13(op, f, x, ...) f(x) op BOARD_FOLD_12(op, f, __VA_ARGS__)
#define BOARD_FOLD_14(op, f, x, ...) f(x) op BOARD_FOLD_13(op, f, __VA_ARGS__)
#define BOARD_FOLD_15(op, f, x, ...) f(x) op BOARD_FOLD_14(op, f, __VA_ARGS__)
#define BOARD_FOLD_16(op, f, x, ...) f(x) op BOARD_FOLD_15(op, f, __VA_ARGS__)
#define BOARD_FOLD_17(op, f, x, ...) f(x) op BOARD_FOLD_16(op, f, __VA_ARGS__)
#define BOARD_FOLD_18(op, f, x, ...) f(x) op BOARD_FOLD_17(op, f, __VA_ARGS__)
#define BOARD_FOLD_19(op, f, x, ...) f(x) op BOARD_FOLD_18(op, f, __VA_ARGS__)
#define BOARD_FOLD_20(op, f, x, ...) f(x) op BOARD_FOLD_19(op, f, __VA_ARGS__)
#define BOARD_FOLD_21(op, f, x, ...) f(x) op BOARD_FOLD_20(op, f, __VA_ARGS__)
#define BOARD_FOLD_22(op, f, x, ...) f(x) op BOARD_FOLD_21(op, f, __VA_ARGS__)
#define BOARD_FOLD_23(op, f, x, ...) f(x) op BOARD_FOLD_22(op, f, __VA_ARGS__)
#define BOARD_FOLD_24(op, f, x, ...) f(x) op BOARD_FOLD_23(op, f, __VA_ARGS__)
#define BOARD_FOLD(op, f, ...)                                                           \
    (BOARD_CAT(BOARD_FOLD_, BOARD_COUNT(__VA_ARGS__))(op, f, __VA_ARGS__))

#define BOARD_PIN_SET_SUM(...) BOARD_FOLD(+, BOARD_BIT_, __VA_ARGS__)
#define BOARD_PIN_SET(...) BOARD_FOLD(|, BOARD_BIT_, __VA_ARGS__)
#define BOARD_PIN_MAX_(p) ((p) > 23u)
#define BOARD_PIN_SERIAL ((1ul << BOARD_PIN(BOARD_PORT_D, 0)) | (1ul << BOARD_PIN(BOARD_PORT_D, 1)))
/* Port B bits 6/7 are the crystal (XTAL1/2) and port C bit 6 is RESET on the Uno. */
#define BOARD_PIN_RESERVED                                                               \
    ((1ul << BOARD_PIN(BOARD_PORT_B, 6)) | (1ul << BOARD_PIN(BOARD_PORT_B, 7)) |         \
     (1ul << BOARD_PIN(BOARD_PORT_C, 6)) | (1ul << BOARD_PIN(BOARD_PORT_C, 7)))

/* Usable on any list of pins; tests instantiate it on deliberately bad lists. */
#define BOARD_CHECK_PINS(...)                                                            \
    _Static_assert(!BOARD_FOLD(||, BOARD_PIN_MAX_, __VA_ARGS__),                         \
                   "board pin map: a pin names a port other than B/C/D");                \
    _Static_assert(BOARD_PIN_SET_SUM(__VA_ARGS__) == BOARD_PIN_SET(__VA_ARGS__),         \
                   "board pin map: a pin is used twice");                                \
    _Static_assert((BOARD_PIN_SET(__VA_ARGS__) & BOARD_PIN_SERIAL) == 0,                 \
                   "board pin map: PD0/PD1 (D0/D1) are the USB serial port, keep free"); \
    _Static_assert((BOARD_PIN_SET(__VA_ARGS__) & BOARD_PIN_RESERVED) == 0,               \
                   "board pin map: PB6/PB7 (crystal) and PC6 (RESET) are not I/O on a Uno")

BOARD_CHECK_PINS(BOARD_ALL_PINS);
#ifdef BOARD_SOUND
#define BOARD_SOUND_PINS 1
#else
#define BOARD_SOUND_PINS 0
#endif
_Static_assert(BOARD_COUNT(BOARD_ALL_PINS) ==
                   BOARD_ROWS + 2 * BOARD_COLS + BOARD_ROWS + BOARD_COLS + BOARD_SOUND_PINS,
               "board pin map: BOARD_ALL_PINS must list every LED, key and sound pin once");
_Static_assert(BOARD_ROWS == 3 && BOARD_COLS == 3, "the HAL drives a 3x3 matrix");

#endif
