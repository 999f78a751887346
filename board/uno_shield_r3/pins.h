/* board/uno_shield_r3/pins.h - pin map of shield revision 3 (Arduino Uno, ATmega328P):
 * revision 1's map plus a sounder on D11.
 *
 * Pure data, all compile-time: every pin is BOARD_PIN(port, bit); the HAL turns them
 * into port masks and single-instruction port operations (hal/avr/board_io.h), with no
 * pin table at run time. Include board/pins.h, never this file.
 * Net names are the schematic's (schematics/ttt-shield.kicad_sch); the pin-map test
 * (make test-kicad-pinmap) fails if this map, the schematic and the PCB disagree.
 *
 *  function            net        Uno pin  MCU pin  active level
 *  LED row 0 (cells 1-3) LED_ROW0   D8       PB0      high (gate of low-side N-MOSFET)
 *  LED row 1 (cells 4-6) LED_ROW1   D9       PB1      high
 *  LED row 2 (cells 7-9) LED_ROW2   D10      PB2      high
 *  LED column 0 red      LED_C0_R   D2       PD2      high (sources anode current via R)
 *  LED column 0 green    LED_C0_G   D3       PD3      high
 *  LED column 1 red      LED_C1_R   D4       PD4      high
 *  LED column 1 green    LED_C1_G   D5       PD5      high
 *  LED column 2 red      LED_C2_R   D6       PD6      high
 *  LED column 2 green    LED_C2_G   D7       PD7      high
 *  key drive row 0       KEY_ROW0   A3       PC3      low (driven low to scan, else hi-Z)
 *  key drive row 1       KEY_ROW1   A4       PC4      low
 *  key drive row 2       KEY_ROW2   A5       PC5      low
 *  key sense column 0    KEY_COL0   A0       PC0      low (internal pull-up, PCINT8)
 *  key sense column 1    KEY_COL1   A1       PC1      low (PCINT9)
 *  key sense column 2    KEY_COL2   A2       PC2      low (PCINT10)
 *  sounder (piezo via R)  SOUND      D11      PB3      toggled by Timer2 (OC2A), CTC
 *  D0/D1 stay free for the USB serial port; D11 is also ISP's MOSI (schematics/README.md
 *  argues why the sounder may share it); D12/D13 stay free for ISP.
 *
 * Cell index i = 3*row + column (0..8, reading order); people see it as i+1.
 *
 * Parts (schematics/parts.json; schematics/README.md has the current budget): common-
 * cathode bi-colour LEDs, one column resistor per colour, 1/3 duty; row switches onsemi
 * 2N7000 (TO-92 S-G-D) with 100 R gate resistor and 100 k pull-down; a 1N4148 per key
 * switch.
 */
#ifndef BOARD_INCLUDE_OK
#error "Do not include this file directly: include board/pins.h"
#endif

#define BOARD_NAME "uno_shield_r3"
#define BOARD_ROWS 3
#define BOARD_COLS 3

/* LED matrix: one row (a common-cathode group of 3 bi-color LEDs) lit at a time. Rows
 * and color columns are active high. */
#define BOARD_LED_ROW_ACTIVE_HIGH 1
#define BOARD_LED_COL_ACTIVE_HIGH 1
#define BOARD_LED_ROW0 BOARD_PIN(BOARD_PORT_B, 0)
#define BOARD_LED_ROW1 BOARD_PIN(BOARD_PORT_B, 1)
#define BOARD_LED_ROW2 BOARD_PIN(BOARD_PORT_B, 2)
#define BOARD_LED_C0_R BOARD_PIN(BOARD_PORT_D, 2)
#define BOARD_LED_C0_G BOARD_PIN(BOARD_PORT_D, 3)
#define BOARD_LED_C1_R BOARD_PIN(BOARD_PORT_D, 4)
#define BOARD_LED_C1_G BOARD_PIN(BOARD_PORT_D, 5)
#define BOARD_LED_C2_R BOARD_PIN(BOARD_PORT_D, 6)
#define BOARD_LED_C2_G BOARD_PIN(BOARD_PORT_D, 7)

/* Key matrix: a diode per switch (anode on the sense column, cathode on the drive
 * row), so any combination of keys reads back without ghosting or masking. A drive row
 * is pulled low to scan it (else hi-Z); a sense column reads low through a closed key. */
#define BOARD_KEY_ROW_ACTIVE_LOW 1
#define BOARD_KEY_COL_ACTIVE_LOW 1
#define BOARD_KEY_ROW0 BOARD_PIN(BOARD_PORT_C, 3)
#define BOARD_KEY_ROW1 BOARD_PIN(BOARD_PORT_C, 4)
#define BOARD_KEY_ROW2 BOARD_PIN(BOARD_PORT_C, 5)
#define BOARD_KEY_COL0 BOARD_PIN(BOARD_PORT_C, 0)
#define BOARD_KEY_COL1 BOARD_PIN(BOARD_PORT_C, 1)
#define BOARD_KEY_COL2 BOARD_PIN(BOARD_PORT_C, 2)

/* The sounder: OC2A, so a tone toggles the pin in hardware, with no interrupt per cycle. */
#define BOARD_SOUND BOARD_PIN(BOARD_PORT_B, 3)

/* The same pins as lists, for the simulator and the tests ([column] for the colors). */
#define BOARD_LED_ROW_PINS { BOARD_LED_ROW0, BOARD_LED_ROW1, BOARD_LED_ROW2 }
#define BOARD_LED_RED_PINS { BOARD_LED_C0_R, BOARD_LED_C1_R, BOARD_LED_C2_R }
#define BOARD_LED_GREEN_PINS { BOARD_LED_C0_G, BOARD_LED_C1_G, BOARD_LED_C2_G }
#define BOARD_KEY_ROW_PINS { BOARD_KEY_ROW0, BOARD_KEY_ROW1, BOARD_KEY_ROW2 }
#define BOARD_KEY_COL_PINS { BOARD_KEY_COL0, BOARD_KEY_COL1, BOARD_KEY_COL2 }

/* Every pin above, once; board_check.h proves at compile time that none repeats and
 * that D0/D1 (PD0/PD1, the USB serial port) are not used. */
#define BOARD_ALL_PINS                                                                   \
    BOARD_LED_ROW0, BOARD_LED_ROW1, BOARD_LED_ROW2, BOARD_LED_C0_R, BOARD_LED_C0_G,      \
    BOARD_LED_C1_R, BOARD_LED_C1_G, BOARD_LED_C2_R, BOARD_LED_C2_G, BOARD_KEY_ROW0,      \
    BOARD_KEY_ROW1, BOARD_KEY_ROW2, BOARD_KEY_COL0, BOARD_KEY_COL1, BOARD_KEY_COL2,       \
    BOARD_SOUND
