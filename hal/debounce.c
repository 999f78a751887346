/* hal/debounce.c - per-key defer debouncer + long-press timer (see debounce.h for the
 * algorithm and its bounce argument). Pure: no registers, no globals; the caller owns
 * the state. Invariants: a key is pending exactly when the last scan differed from its
 * debounced state; long_sent is a subset of state. */
#include "debounce.h"

void debounce_init(debounce_t *d)
{
    d->state = 0;
    d->pending = 0;
    d->long_sent = 0;
}

static uint8_t debounce_emit(key_event_t *out, uint8_t n, uint8_t cap, uint8_t kind,
                             uint8_t cell)
{
    if (n < cap) {
        out[n].kind = kind;
        out[n].cell = cell;
        return (uint8_t)(n + 1u);
    }
    return n; /* caller's buffer is full: the event is dropped, state still advances */
}

uint8_t debounce_update(debounce_t *d, uint16_t raw, uint16_t changed, uint16_t now_ms,
                        key_event_t *out, uint8_t cap)
{
    uint8_t n = 0;
    uint16_t diff;

    raw &= DEBOUNCE_MASK;
    diff = (uint16_t)(raw ^ d->state);
    /* Fast path (the idle main loop): nothing differs, nothing flickered, no timer runs
     * and no held key still waits for its long press. */
    if (!diff && !d->pending && !(d->state & (uint16_t)~d->long_sent))
        return 0;
    for (uint8_t i = 0; i < DEBOUNCE_KEYS; i++) {
        uint16_t bit = (uint16_t)(1u << i);
        if (!(diff & bit)) {
            d->pending &= (uint16_t)~bit; /* agrees again: a bounce, forget it */
        } else if (!(d->pending & bit) || (changed & bit)) {
            d->pending |= bit; /* first seen now, or flickered since: start over */
            d->since[i] = (uint8_t)now_ms;
        } else if ((uint8_t)((uint8_t)now_ms - d->since[i]) >= DEBOUNCE_MS) {
            d->pending &= (uint16_t)~bit;
            d->state ^= bit;
            if (d->state & bit) {
                d->pressed_at[i] = now_ms;
                n = debounce_emit(out, n, cap, KEY_EV_PRESS, i);
                continue; /* the hold starts now */
            }
            d->long_sent &= (uint16_t)~bit;
            n = debounce_emit(out, n, cap, KEY_EV_RELEASE, i);
            continue;
        }
        if ((d->state & bit) && !(d->long_sent & bit) &&
            (uint16_t)(now_ms - d->pressed_at[i]) >= KEYS_LONG_PRESS_MS) {
            d->long_sent |= bit;
            n = debounce_emit(out, n, cap, KEY_EV_LONG, i);
        }
    }
    return n;
}
