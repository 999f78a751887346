/* hal/keys_hw.h - HAL-internal: where the raw key bitmap comes from. hal/avr/keys_hw.c
 * reads the matrix scanned by the timer ISR; hal/host/keys_hw.c returns the bitmap a
 * test set with fake_keys_set_raw(). hal/keys.c (shared) debounces it. */
#ifndef HAL_KEYS_HW_H
#define HAL_KEYS_HW_H
#include <stdint.h>

/* Configure the matrix pins (all drive rows released, sense pull-ups on). */
void keys_hw_init(void);
/* Latest complete scan, bit i = cell i closed (active-high, already inverted). */
uint16_t keys_hw_raw(void);

#endif
