/* hal/host/tick.c - fake millisecond clock: time moves only by fake_tick_advance(),
 * which also queues one ms flag per millisecond (capped at 255 like the chip) and steps
 * the fake sounder. */
#include "tick.h"

#include "fake_internal.h"
#include "hal_fake.h"

static uint32_t fake_now;
static uint8_t fake_pending;

void fake_tick_reset(void)
{
    fake_now = 0;
    fake_pending = 0;
}

void tick_init(void)
{
    fake_tick_reset();
}

uint32_t tick_ms(void)
{
    return fake_now;
}

bool tick_take_ms_flag(void)
{
    if (!fake_pending)
        return false;
    fake_pending--;
    return true;
}

void fake_tick_advance(uint32_t ms)
{
    fake_now += ms;
    fake_sound_steps(ms * (SOUND_STEP_HZ / 1000u));
    fake_pending = (uint8_t)(fake_pending + ms > 255u ? 255u : fake_pending + ms);
}
