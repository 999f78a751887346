/* hal/debounce.h - per-key "defer" debouncer with long-press detection over a 9-bit
 * key bitmap (pure C, host-tested).
 *
 * Algorithm (per key): the debounced state follows the raw state only after the raw
 * state has differed from it continuously for DEBOUNCE_MS; any sample that agrees
 * with the debounced state restarts the wait. With contact bounce lasting at most
 * 10 ms, a spurious extra press would need two stable runs of DEBOUNCE_MS inside the
 * bounce window (plus up to one 3 ms scan period of sampling error): 2 * 10 > 10 + 3,
 * so no press is ever doubled; any contact closed for DEBOUNCE_MS + one scan period
 * is never missed. A debounced press emits PRESS; holding it KEYS_LONG_PRESS_MS emits
 * one LONG; the debounced release emits RELEASE. A stuck key therefore produces exactly
 * PRESS and LONG once, then nothing.
 */
#ifndef HAL_DEBOUNCE_H
#define HAL_DEBOUNCE_H
#include <stdint.h>

#include "keys.h"

#define DEBOUNCE_MS 10u
#define DEBOUNCE_KEYS 9u
#define DEBOUNCE_MASK 0x1FFu
/* Events one update can produce: each key changes state at most once and can also
 * reach the long-press time in the same update. */
#define DEBOUNCE_MAX_EVENTS (2u * DEBOUNCE_KEYS)

typedef struct {
    uint16_t state;                   /* debounced bitmap, bit i = cell i held */
    uint16_t long_sent;               /* LONG already emitted for this hold */
    uint8_t pending[DEBOUNCE_KEYS];   /* ms the raw state has differed from `state` */
    uint16_t held_ms[DEBOUNCE_KEYS];  /* ms held since the debounced press (saturates) */
    uint32_t last_ms;                 /* time of the previous update */
    uint8_t settled;                  /* every pending[i] is 0 */
} debounce_t;

/* All keys released, time starts at now_ms. */
void debounce_init(debounce_t *d, uint32_t now_ms);
/* Feed the raw bitmap seen at now_ms (bits above 8 are ignored). Writes up to cap
 * events (in cell order: for each key its RELEASE or PRESS, then LONG) to out and
 * returns how many. Elapsed time is now_ms - last update, so calling it every 1 ms or
 * every 3 ms gives the same result; a jump of more than 255 ms counts as 255. */
uint8_t debounce_update(debounce_t *d, uint16_t raw, uint32_t now_ms, key_event_t *out,
                        uint8_t cap);

#endif
