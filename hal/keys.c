/* hal/keys.c - key events for the game: runs the pure debouncer over the scans the
 * matrix hands over (keys_hw_take(): the ISR's scans on the AVR, the test's bitmap on the
 * host) and queues the events. Main-loop context only. Invariant: the queue never
 * overwrites; when it is full new events are dropped and counted, so a flood cannot
 * wedge the game (a stuck key makes one PRESS, then nothing). */
#include "keys.h"

#include "debounce.h"
#include "keys_hw.h"

#define KEYS_QUEUE 8u /* power of two */
_Static_assert((KEYS_QUEUE & (KEYS_QUEUE - 1u)) == 0u, "queue size must be 2^n");

static debounce_t keys_deb;
static key_event_t keys_q[KEYS_QUEUE];
static uint8_t keys_head, keys_tail; /* free-running; used = head - tail */
static uint16_t keys_lost;

void keys_init(void)
{
    keys_hw_init();
    keys_head = keys_tail = 0;
    keys_lost = 0;
    debounce_init(&keys_deb);
}

void keys_update(void)
{
    key_event_t ev[DEBOUNCE_MAX_EVENTS];
    keys_scan_t s;
    uint8_t n;

    keys_hw_take(&s);
    n = debounce_update(&keys_deb, s.raw, s.changed, s.at_ms, ev, DEBOUNCE_MAX_EVENTS);
    for (uint8_t i = 0; i < n; i++) {
        if ((uint8_t)(keys_head - keys_tail) >= KEYS_QUEUE) {
            keys_lost++;
            continue;
        }
        keys_q[keys_head & (KEYS_QUEUE - 1u)] = ev[i];
        keys_head++;
    }
}

uint8_t keys_next_event(key_event_t *ev)
{
    if (keys_head == keys_tail)
        return 0;
    *ev = keys_q[keys_tail & (KEYS_QUEUE - 1u)];
    keys_tail++;
    return 1;
}

uint16_t keys_state(void)
{
    return keys_deb.state;
}

uint16_t keys_lost_events(void)
{
    return keys_lost;
}
