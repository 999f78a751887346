/* hal/host/leds.c - fake display: the last frame shown and the level; leds_off() shows an
 * all-dark frame. fake_leds_cell() reads one cell back as a code. */
#include <string.h>

#include "fake_internal.h"
#include "hal_fake.h"
#include "leds.h"

static leds_frame_t fake_frame;
static uint8_t fake_level;

void fake_leds_reset(void)
{
    memset(&fake_frame, 0, sizeof fake_frame);
    fake_level = LEDS_BRIGHT_FULL;
}

void leds_init(void)
{
    fake_leds_reset();
}

void leds_show(const leds_frame_t *f)
{
    uint16_t lit = (uint16_t)((f->red | f->green) & 0x1FFu);
    fake_frame.red = (uint16_t)(f->red & 0x1FFu);
    fake_frame.green = (uint16_t)(f->green & 0x1FFu);
    fake_frame.blink = (uint16_t)(f->blink & lit);
    fake_frame.dim = (uint16_t)(f->dim & lit);
}

void leds_off(void)
{
    memset(&fake_frame, 0, sizeof fake_frame);
}

void leds_set_brightness(uint8_t level)
{
    if (level < LEDS_BRIGHT_LEVELS)
        fake_level = level;
}

const leds_frame_t *fake_leds_frame(void)
{
    return &fake_frame;
}

uint8_t fake_leds_brightness(void)
{
    return fake_level;
}

uint8_t fake_leds_cell(uint8_t cell)
{
    uint16_t bit = (uint16_t)(1u << cell);
    return (uint8_t)(((fake_frame.red & bit) ? LED_RED : 0u) |
                     ((fake_frame.green & bit) ? LED_GREEN : 0u) |
                     ((fake_frame.blink & bit) ? LED_BLINK : 0u) |
                     ((fake_frame.dim & bit) ? LED_DIM : 0u));
}
