/* board/pins.h - the one selector header for the shield's pin map.
 *
 * Selects board/<BOARD>/pins.h from the BOARD macro set by the Makefile
 * (BOARD=uno_shield_r3 by default). An unknown board is a compile error, never a
 * silent default. The pin map is compile-time data (port index + bit), so the firmware
 * HAL, the host fakes, the simulator and the schematic checks all read the same header.
 */
#ifndef BOARD_PINS_H
#define BOARD_PINS_H

#include <stdint.h>

/* A pin is (port << 3) | bit. Port indices follow the ATmega328P's PORTB/C/D. */
#define BOARD_PORT_B 0u
#define BOARD_PORT_C 1u
#define BOARD_PORT_D 2u
#define BOARD_PIN(port, bit) ((uint8_t)(((port) << 3) | (bit)))
#define BOARD_PIN_PORT(pin) ((uint8_t)((pin) >> 3))
#define BOARD_PIN_BIT(pin) ((uint8_t)((pin) & 7u))
#define BOARD_PIN_MASK(pin) ((uint8_t)(1u << BOARD_PIN_BIT(pin)))

#define BOARD_ID_uno_shield_r1 1
#define BOARD_ID_uno_shield_r3 3

#define BOARD_INCLUDE_OK
#if !defined(BOARD)
#error "BOARD is not set: build with make BOARD=<name> (known: uno_shield_r1, uno_shield_r3)"
#elif BOARD == BOARD_ID_uno_shield_r1
#include "uno_shield_r1/pins.h"
#elif BOARD == BOARD_ID_uno_shield_r3
#include "uno_shield_r3/pins.h"
#else
#error "Unknown BOARD: known boards are uno_shield_r1, uno_shield_r3"
#endif
#undef BOARD_INCLUDE_OK

#endif
