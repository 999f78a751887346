/* hal/host/keys_hw.c - fake key matrix: each fake_keys_set_raw() is a scan at the fake
 * clock's time, debounced by the real hal/keys.c. */
#include "fake_internal.h"
#include "hal_fake.h"
#include "keys_hw.h"
#include "tick.h"

static uint16_t fake_raw, fake_changed;

void fake_keys_reset(void)
{
    fake_raw = fake_changed = 0;
}

void keys_hw_take(keys_scan_t *s)
{
    s->raw = fake_raw;
    s->changed = fake_changed;
    s->at_ms = (uint8_t)tick_ms(); /* as if scanned just now */
    fake_changed = 0;
}

void fake_keys_set_raw(uint16_t bitmap)
{
    bitmap &= 0x1FFu;
    fake_changed |= (uint16_t)(fake_raw ^ bitmap);
    fake_raw = bitmap;
}
