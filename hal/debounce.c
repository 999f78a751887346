/* hal/debounce.c - per-key defer debouncer (hal/README.md, "Debouncing"). Invariant: a
 * key is pending exactly when the last scan differed from its debounced state, and then
 * since[] holds the time its current run of difference began. */
#include "debounce.h"

void debounce_init(debounce_t *d)
{
    d->state = 0;
    d->pending = 0;
}

uint16_t debounce_update(debounce_t *d, uint16_t raw, uint16_t changed, uint8_t now_ms)
{
    uint16_t diff = (uint16_t)((raw & DEBOUNCE_MASK) ^ d->state);
    /* first seen now, or flickered since the last update: the run starts over */
    uint16_t restart = diff & (uint16_t)(changed | ~d->pending);
    uint16_t flipped = 0, bit = 1, left = diff;
    uint8_t *since = d->since;

    for (; left; bit = (uint16_t)(bit << 1), left >>= 1, restart >>= 1, since++) {
        if (restart & 1u)
            *since = now_ms;
        else if ((left & 1u) && (uint8_t)(now_ms - *since) >= DEBOUNCE_MS)
            flipped |= bit;
    }
    d->state ^= flipped;
    /* Pending: the keys that still differ (one that agrees again was a bounce). */
    d->pending = diff & (uint16_t)~flipped;
    return flipped;
}
