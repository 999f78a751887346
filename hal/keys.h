/* hal/keys.h - the 3x3 key matrix: scanned by the timer ISR (one row per 500 us step, a
 * full scan every 1.5 ms), debounced in the main loop by the pure debounce module,
 * delivered as press and release events (contract). How long a key is held is the
 * game's to time. */
#ifndef HAL_KEYS_H
#define HAL_KEYS_H
#include <stdint.h>

enum { KEY_EV_NONE = 0, KEY_EV_PRESS = 1, KEY_EV_RELEASE = 2 };

typedef struct {
    uint8_t kind; /* KEY_EV_* */
    uint8_t cell; /* 0..8, reading order */
} key_event_t;

/* Every key released, no event queued, nothing counted. The matrix is scanned from
 * tick_init() on (either may come first). */
void keys_init(void);
/* Run the debouncer over the scans since the last call (call at least every few ms;
 * calling less often only delays events, it never invents one). */
void keys_update(void);
/* Pop the next event; returns 0 when there is none. */
uint8_t keys_next_event(key_event_t *ev);
/* Raw debounced bitmap (bit i = cell i held). */
uint16_t keys_state(void);
/* Events dropped because the 8-entry queue was full (nobody popped them). */
uint16_t keys_lost_events(void);

#endif
