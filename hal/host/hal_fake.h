/* hal/host/hal_fake.h - test controls of the host fakes (time, keys, serial bytes,
 * EEPROM power cuts). */
#ifndef HAL_FAKE_H
#define HAL_FAKE_H
#include <stddef.h>
#include <stdint.h>

#include "leds.h"
#include "sound.h"

/* Every fake to power-on state; the EEPROM's contents are kept. */
void fake_hal_reset(void);

/* Time: advancing sets the ms flag and steps the sound (SOUND_STEP_HZ). */
void fake_tick_advance(uint32_t ms);

/* Keys: the raw matrix the next scans see, bit i = cell i. */
void fake_keys_set_raw(uint16_t bitmap);

/* LEDs: the frame last shown, one cell's color (LED_BLINK, LED_DIM added), the level. */
enum { LED_OFF = 0, LED_RED = 1, LED_GREEN = 2, LED_YELLOW = 3, LED_BLINK = 4, LED_DIM = 8 };
const leds_frame_t *fake_leds_frame(void);
uint8_t fake_leds_cell(uint8_t cell);
uint8_t fake_leds_brightness(void);

/* UART: lose() marks a gap after the last byte fed; the TX side holds tx_room bytes
 * (default: plenty) until taken, and uart_tx_busy() is true while a narrowed ring holds some. */
void fake_uart_feed(const char *bytes, size_t len);
void fake_uart_lose(void);
void fake_uart_set_tx_room(uint16_t bytes);
size_t fake_uart_output(char *buf, size_t cap); /* copies and clears, NUL-terminates */

/* EEPROM: after `n` more writes (n < 0: never) writes are dropped until power_on(). */
void fake_eeprom_erase(void);
void fake_eeprom_cut_after(int32_t n);
void fake_eeprom_power_on(void);
uint8_t *fake_eeprom_cells(void);
uint32_t fake_eeprom_writes(void);

/* Power: the next reset cause, the input the next power-down wakes by (POWER_WOKE_*,
 * default a key; the test feeds what a serial wake-up's line kept), the supply (0.1 V);
 * what the code did. */
void fake_power_set_reset_cause(uint8_t cause);
void fake_power_set_wake(uint8_t woke);
void fake_power_set_vcc(uint8_t decivolts);
uint32_t fake_power_idle_count(void);
uint32_t fake_power_down_count(void);
uint16_t fake_power_down_ignore(void);
uint32_t fake_power_wdt_kicks(void);

/* Sound: the notes last started and how many sounds were; `steps` more steps (ms);
 * the note on the pin now (cs 0: silent). */
const sound_note_t *fake_sound_last(void);
uint32_t fake_sound_plays(void);
void fake_sound_steps(uint32_t steps);
sound_note_t fake_sound_note(void);

#endif
