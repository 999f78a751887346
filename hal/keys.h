/* hal/keys.h - the 3x3 key matrix as press and release events (contract). Scanning and
 * debouncing: hal/README.md. How long a key is held is the game's to time. */
#ifndef HAL_KEYS_H
#define HAL_KEYS_H
#include <stdbool.h>
#include <stdint.h>

enum { KEY_EV_NONE = 0, KEY_EV_PRESS = 1, KEY_EV_RELEASE = 2 };

typedef struct {
    uint8_t kind; /* KEY_EV_* */
    uint8_t cell; /* 0..8, reading order */
} key_event_t;

/* Init: all keys up, no event queued (before or after tick_init()). */
void keys_init(void);

/* Runtime (main loop). */
void keys_update(void); /* debounce the scans since the last call; call every few ms */
bool keys_next_event(key_event_t *ev); /* pop the oldest event; false: none */
uint16_t keys_state(void);             /* debounced bitmap, bit i = cell i held */
uint16_t keys_lost_events(void);       /* events dropped: the 8-event queue was full */

#endif
