/* hal/host/hal_fake.c - fake_hal_reset(): every host fake back to its power-on state
 * (the fake EEPROM keeps its cells, like the chip). */
#include "hal_fake.h"

#include "fake_internal.h"

void fake_hal_reset(void)
{
    fake_tick_reset();
    fake_leds_reset();
    fake_keys_reset();
    fake_uart_reset();
    fake_eeprom_reset();
    fake_power_reset();
    fake_sound_reset();
}
