/* hal/debounce.c - per-key defer debouncer + long-press timer (see debounce.h for the
 * algorithm and its bounce argument). Pure: no registers, no globals; the caller owns
 * the state. Invariant: pending[i] == 0 whenever raw bit i agreed with state at the
 * last update; long_sent is a subset of state. */
#include "debounce.h"

void debounce_init(debounce_t *d, uint32_t now_ms)
{
    d->state = 0;
    d->long_sent = 0;
    for (uint8_t i = 0; i < DEBOUNCE_KEYS; i++) {
        d->pending[i] = 0;
        d->held_ms[i] = 0;
    }
    d->last_ms = now_ms;
    d->settled = 1;
}

static uint8_t emit(key_event_t *out, uint8_t n, uint8_t cap, uint8_t kind, uint8_t cell)
{
    if (n < cap) {
        out[n].kind = kind;
        out[n].cell = cell;
        return (uint8_t)(n + 1u);
    }
    return n; /* caller's buffer is full: the event is dropped, state still advances */
}

uint8_t debounce_update(debounce_t *d, uint16_t raw, uint32_t now_ms, key_event_t *out,
                        uint8_t cap)
{
    uint32_t dt32 = now_ms - d->last_ms;
    uint8_t dt = dt32 > 255u ? 255u : (uint8_t)dt32;
    uint8_t n = 0;

    d->last_ms = now_ms;
    raw &= DEBOUNCE_MASK;
    /* Fast path (the idle main loop calls this every ms): every pending count is 0,
     * the raw state agrees with the debounced one, and no held key still waits for
     * its long press: a full pass would change nothing. */
    if (raw == d->state && d->settled && !(d->state & (uint16_t)~d->long_sent))
        return 0;
    for (uint8_t i = 0; i < DEBOUNCE_KEYS; i++) {
        uint16_t bit = (uint16_t)(1u << i);
        if ((raw ^ d->state) & bit) {
            uint16_t p = (uint16_t)(d->pending[i] + dt);
            if (p >= DEBOUNCE_MS) {
                d->pending[i] = 0;
                d->state ^= bit;
                if (d->state & bit) {
                    d->held_ms[i] = 0;
                    n = emit(out, n, cap, KEY_EV_PRESS, i);
                    continue; /* the hold starts now; nothing more this update */
                }
                d->long_sent &= (uint16_t)~bit;
                n = emit(out, n, cap, KEY_EV_RELEASE, i);
                continue;
            }
            d->pending[i] = (uint8_t)p;
        } else {
            d->pending[i] = 0; /* agreeing sample: restart the wait (bounce) */
        }
        if ((d->state & bit) && !(d->long_sent & bit)) {
            uint16_t h = (uint16_t)(d->held_ms[i] + dt);
            if (h >= KEYS_LONG_PRESS_MS) {
                d->long_sent |= bit;
                n = emit(out, n, cap, KEY_EV_LONG, i);
            }
            d->held_ms[i] = h >= KEYS_LONG_PRESS_MS ? KEYS_LONG_PRESS_MS : h;
        }
    }
    d->settled = raw == d->state; /* then every pending count was just cleared */
    return n;
}
