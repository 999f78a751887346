/* hal/keys_hw.h - HAL-internal: where the raw key bitmap comes from. hal/avr/keys_hw.c
 * reads the matrix scanned by the timer ISR (tick_init() sets up its pins and marks the
 * last scan as changed, so no debounce timer carries over); hal/host/keys_hw.c hands
 * over what a test set with fake_keys_set_raw(). hal/keys.c (shared) debounces it. */
#ifndef HAL_KEYS_HW_H
#define HAL_KEYS_HW_H
#include <stdint.h>

typedef struct {
    uint16_t raw;     /* the latest complete scan, bit i = cell i closed */
    uint16_t changed; /* keys whose reading changed between any two scans since the
                         previous keys_hw_take() (a contact seen briefly counts) */
    uint8_t at_ms;    /* low byte of tick_ms() when `raw` was scanned */
} keys_scan_t;

/* The scan state since the previous call (then `changed` starts over). */
void keys_hw_take(keys_scan_t *s);

#endif
