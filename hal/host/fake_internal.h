/* hal/host/fake_internal.h - HAL-internal: each host fake's reset, called by
 * fake_hal_reset() (hal_fake.c). */
#ifndef HAL_HOST_FAKE_INTERNAL_H
#define HAL_HOST_FAKE_INTERNAL_H

void fake_tick_reset(void);
void fake_leds_reset(void);
void fake_keys_reset(void);
void fake_uart_reset(void);
void fake_eeprom_reset(void);
void fake_power_reset(void);
void fake_sound_reset(void);

#endif
