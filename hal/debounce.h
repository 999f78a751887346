/* hal/debounce.h - per-key "defer" debouncer over a 9-bit key bitmap (pure C). The rule
 * and why no press is ever doubled: hal/README.md, "Debouncing". */
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

/* Init: all keys released (a zeroed debounce_t is the same). */
void debounce_init(debounce_t *d);
/* Runtime: one scan (raw; changed: flickered since the last call; now_ms: its time,
 * wrapping) in; the keys whose debounced state flipped out, d->state the new state. */
uint16_t debounce_update(debounce_t *d, uint16_t raw, uint16_t changed, uint8_t now_ms);

#endif
