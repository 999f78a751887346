/* hal/avr/board_io.h - HAL-internal: the matrices' ports as compile-time registers
 * (hal/README.md, "Pins at compile time"). */
#ifndef HAL_AVR_BOARD_IO_H
#define HAL_AVR_BOARD_IO_H
#include <avr/io.h>

#include "matrix.h"

/* The register `reg` (PORT, DDR or PIN) of the port a pin is on. */
#define BOARD_IO(reg, pin)                                                                         \
    (*(BOARD_PIN_PORT(pin) == BOARD_PORT_B   ? &reg##B                                             \
       : BOARD_PIN_PORT(pin) == BOARD_PORT_C ? &reg##C                                             \
                                             : &reg##D))

#define LEDS_ROW_PORT BOARD_IO(PORT, BOARD_LED_ROW0)
#define LEDS_ROW_DDR BOARD_IO(DDR, BOARD_LED_ROW0)
#define LEDS_COL_PORT BOARD_IO(PORT, BOARD_LED_C0_R)
#define LEDS_COL_DDR BOARD_IO(DDR, BOARD_LED_C0_R)
#define KEYS_PORT BOARD_IO(PORT, BOARD_KEY_ROW0)
#define KEYS_DDR BOARD_IO(DDR, BOARD_KEY_ROW0)
#define KEYS_PIN BOARD_IO(PIN, BOARD_KEY_ROW0)
/* Pin-change interrupt of the key port (datasheet 12.2.4-12.2.8: PCMSK0/1/2 = port
 * B/C/D, enabled by PCIE0/1/2 in PCICR). */
#define KEYS_PCMSK                                                                                 \
    (*(BOARD_PIN_PORT(BOARD_KEY_COL0) == BOARD_PORT_B   ? &PCMSK0                                  \
       : BOARD_PIN_PORT(BOARD_KEY_COL0) == BOARD_PORT_C ? &PCMSK1                                  \
                                                        : &PCMSK2))
#define KEYS_PCIE                                                                                  \
    ((uint8_t)(BOARD_PIN_PORT(BOARD_KEY_COL0) == BOARD_PORT_B   ? (1u << PCIE0)                    \
               : BOARD_PIN_PORT(BOARD_KEY_COL0) == BOARD_PORT_C ? (1u << PCIE1)                    \
                                                                : (1u << PCIE2)))

#endif
