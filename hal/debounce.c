/* hal/debounce.c - per-key defer debouncer (see debounce.h for the algorithm and its
 * bounce argument). Pure: no registers, no globals; the caller owns the state.
 * Invariant: a key is pending exactly when the last scan differed from its debounced
 * state. */
#include "debounce.h"

void debounce_init(debounce_t *d)
{
    d->state = 0;
    d->pending = 0;
}

uint8_t debounce_update(debounce_t *d, uint16_t raw, uint16_t changed, uint8_t now_ms,
                        key_event_t *out, uint8_t cap)
{
    uint8_t n = 0;
    uint16_t diff = (uint16_t)((raw & DEBOUNCE_MASK) ^ d->state);
    uint16_t bit = 1;

    /* Fast path (the idle main loop): nothing differs and no timer runs. */
    if (!diff && !d->pending)
        return 0;
    d->pending &= diff; /* agrees again: a bounce, forget it */
    for (uint8_t i = 0; i < DEBOUNCE_KEYS; i++, bit = (uint16_t)(bit << 1)) {
        if (!(diff & bit))
            continue;
        if (!(d->pending & bit) || (changed & bit)) {
            d->pending |= bit; /* first seen now, or flickered since: start over */
            d->since[i] = now_ms;
        } else if ((uint8_t)(now_ms - d->since[i]) >= DEBOUNCE_MS) {
            d->pending &= (uint16_t)~bit;
            d->state ^= bit;
            if (n < cap) { /* a full buffer drops the event; the state still follows */
                out[n].kind = (d->state & bit) ? KEY_EV_PRESS : KEY_EV_RELEASE;
                out[n].cell = i;
                n++;
            }
        }
    }
    return n;
}
