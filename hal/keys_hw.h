/* hal/keys_hw.h - HAL-internal: the raw key scans that hal/keys.c debounces. */
#ifndef HAL_KEYS_HW_H
#define HAL_KEYS_HW_H
#include <stdint.h>

typedef struct {
    uint16_t raw;     /* the latest complete scan, bit i = cell i closed */
    uint16_t changed; /* changed between any two scans since the last take */
    uint8_t at_ms;    /* low byte of tick_ms() when `raw` was scanned */
} keys_scan_t;

void keys_hw_take(keys_scan_t *s); /* the scans since the last call; `changed` restarts */

#endif
