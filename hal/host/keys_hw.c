/* hal/host/keys_hw.c - fake key matrix: the raw bitmap is whatever the test set with
 * fake_keys_set_raw(); hal/keys.c runs the real debouncer over it. */
#include "fake_internal.h"
#include "hal_fake.h"
#include "keys_hw.h"

static uint16_t fake_raw;

void fake_keys_reset(void)
{
    fake_raw = 0;
}

void keys_hw_init(void)
{
}

uint16_t keys_hw_raw(void)
{
    return fake_raw;
}

void fake_keys_set_raw(uint16_t bitmap)
{
    fake_raw = (uint16_t)(bitmap & 0x1FFu);
}
