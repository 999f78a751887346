/* hal/debounce.h - per-key "defer" debouncer over a 9-bit key bitmap (pure C,
 * host-tested; long presses are the game's gestures).
 *
 * Algorithm (per key, as QMK's sym_defer_pk): when a scan first shows a key different
 * from its debounced state, the key's timer starts at that scan's time; the debounced
 * state follows only when a scan at least DEBOUNCE_MS later still differs and no scan
 * in between agreed with the old state. Time that passed before the change was seen
 * never counts, and a reading that flickered between two updates (the `changed` mask
 * from the scanner) restarts the timer, so a contact shorter than DEBOUNCE_MS is never
 * a press, however long the main loop took between updates. With bounce of at most
 * DEBOUNCE_MS, a spurious extra edge would need a stable run of DEBOUNCE_MS inside the
 * bounce window: no press is ever doubled. The caller turns the keys that flipped into
 * PRESS (now held) and RELEASE (now up) events.
 */
#ifndef HAL_DEBOUNCE_H
#define HAL_DEBOUNCE_H
#include <stdint.h>

#define DEBOUNCE_MS 10u
#define DEBOUNCE_KEYS 9u
#define DEBOUNCE_MASK 0x1FFu

typedef struct {
    uint16_t state;               /* debounced bitmap, bit i = cell i held */
    uint16_t pending;             /* keys whose timer runs (scan differs from state) */
    uint8_t since[DEBOUNCE_KEYS]; /* scan time (ms, low byte) the difference began */
} debounce_t;

/* All keys released: the all-zero state (a zeroed debounce_t needs no init). */
void debounce_init(debounce_t *d);
/* Feed a scan: raw = the latest scan (bits above 8 ignored), changed = keys whose
 * reading changed between scans since the previous update, now_ms = that scan's time
 * (wraps; only differences are used). Returns the keys whose debounced state flipped
 * (each at most once per update); d->state holds the new state. */
uint16_t debounce_update(debounce_t *d, uint16_t raw, uint16_t changed, uint8_t now_ms);

#endif
