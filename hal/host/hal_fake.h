/* hal/host/hal_fake.h - test controls of the host fakes (time, keys, serial bytes,
 * EEPROM power cuts). */
#ifndef HAL_FAKE_H
#define HAL_FAKE_H
#include <stddef.h>
#include <stdint.h>

#include "leds.h"

/* Reset every fake to power-on state (EEPROM contents are kept: call
 * fake_eeprom_erase() for a blank chip). */
void fake_hal_reset(void);

/* Time: tick_ms() returns the fake clock; advancing sets the ms flag. */
void fake_tick_advance(uint32_t ms);

/* Keys: the raw (undebounced) matrix bitmap seen by the next scans, bit i = cell i. */
void fake_keys_set_raw(uint16_t bitmap);

/* LEDs: the frame last passed to leds_show(), and one cell of it as a color code:
 * LED_OFF, LED_RED, LED_GREEN or LED_YELLOW, plus LED_BLINK when it blinks. */
enum { LED_OFF = 0, LED_RED = 1, LED_GREEN = 2, LED_YELLOW = 3, LED_BLINK = 4 };
const leds_frame_t *fake_leds_frame(void);
uint8_t fake_leds_cell(uint8_t cell);

/* UART: bytes for uart_getc(), and everything written with uart_putc() so far.
 * fake_uart_lose() marks input as lost after the last byte fed (an RX overrun). The
 * TX side holds fake_uart_set_tx_room() bytes (default: plenty) until taken; while a
 * narrowed ring holds some, uart_tx_busy() is true (the default ring sends at once). */
void fake_uart_feed(const char *bytes, size_t len);
void fake_uart_lose(void);
void fake_uart_set_tx_room(uint16_t bytes);
size_t fake_uart_output(char *buf, size_t cap); /* copies and clears, NUL-terminates */

/* EEPROM: 1024 bytes of fake cells, erased to 0xFF. After `n` more byte writes the
 * "power" is cut: that write and all later ones are dropped until fake_eeprom_power_on().
 * n < 0 disables the cut. */
void fake_eeprom_erase(void);
void fake_eeprom_cut_after(int32_t n);
void fake_eeprom_power_on(void);
uint8_t *fake_eeprom_cells(void);
uint32_t fake_eeprom_writes(void);

/* Power: how often the code slept, powered down (and with which keys ignored), kicked
 * the watchdog; the reset cause power_init() will report; the supply voltage (0.1 V). */
void fake_power_set_reset_cause(uint8_t cause);
void fake_power_set_vcc(uint8_t decivolts);
uint32_t fake_power_idle_count(void);
uint32_t fake_power_down_count(void);
uint16_t fake_power_down_ignore(void);
uint32_t fake_power_wdt_kicks(void);

#endif
