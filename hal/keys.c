/* hal/keys.c - the debouncer over the scans keys_hw_take() hands over, one event per key
 * that flipped, in cell order. Invariant: the queue never overwrites; a full queue drops
 * and counts new events. An event is one byte, kind << 4 | cell. */
#include "keys.h"

#include <string.h>

#include "debounce.h"
#include "keys_hw.h"

#define KEYS_QUEUE 8u /* power of two */
_Static_assert((KEYS_QUEUE & (KEYS_QUEUE - 1u)) == 0u, "queue size must be 2^n");

static struct {
    debounce_t deb;
    uint8_t head, tail; /* free-running; used = head - tail */
    uint16_t lost;
} keys;
static uint8_t keys_q[KEYS_QUEUE];

void keys_init(void)
{
    memset(&keys, 0, sizeof keys); /* a zeroed debounce_t is debounce_init()'s state */
}

void keys_update(void)
{
    keys_scan_t scan; /* in registers once keys_hw_take() is inlined (LTO) */
    keys_hw_take(&scan);
    uint16_t flipped = debounce_update(&keys.deb, scan.raw, scan.changed, scan.at_ms);
    uint16_t held = keys.deb.state;
    for (uint8_t cell = 0; flipped; cell++, flipped >>= 1, held >>= 1) {
        if (!(flipped & 1u))
            continue;
        if ((uint8_t)(keys.head - keys.tail) >= KEYS_QUEUE) {
            keys.lost++;
            continue;
        }
        keys_q[keys.head++ & (KEYS_QUEUE - 1u)] =
            (uint8_t)(((held & 1u) ? KEY_EV_PRESS : KEY_EV_RELEASE) << 4 | cell);
    }
}

bool keys_next_event(key_event_t *ev)
{
    if (keys.head == keys.tail)
        return false;
    uint8_t e = keys_q[keys.tail++ & (KEYS_QUEUE - 1u)];
    ev->kind = (uint8_t)(e >> 4);
    ev->cell = (uint8_t)(e & 15u);
    return true;
}

uint16_t keys_state(void)
{
    return keys.deb.state;
}

uint16_t keys_lost_events(void)
{
    return keys.lost;
}
