/* hal/host/leds.c - fake display: remembers the last frame shown (values masked to the
 * LED_* bits, as the chip's multiplexer reads them); leds_off() shows all-dark. */
#include <string.h>

#include "fake_internal.h"
#include "hal_fake.h"
#include "leds.h"

static uint8_t fake_frame[LEDS_CELLS];

void fake_leds_reset(void)
{
    memset(fake_frame, 0, sizeof fake_frame);
}

void leds_init(void)
{
    fake_leds_reset();
}

void leds_show(const uint8_t frame[LEDS_CELLS])
{
    for (uint8_t i = 0; i < LEDS_CELLS; i++)
        fake_frame[i] = (uint8_t)(frame[i] & (LED_COLOR_MASK | LED_BLINK));
}

void leds_off(void)
{
    fake_leds_reset();
}

const uint8_t *fake_leds_frame(void)
{
    return fake_frame;
}
