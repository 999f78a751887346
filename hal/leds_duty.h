/* hal/leds_duty.h - how long a lit die is on (pure; hal/README.md, "Brightness"): the
 * chip's schedule (avr/leds.c) and what the tests measure in simulation both come from
 * here. A die is lit in its row's step only, one step of three; within the step a level
 * lights it for its last `leds_duty_counts()` of the step's LEDS_DUTY_STEP timer counts,
 * so every lit die goes dark at the step's end, together. */
#ifndef HAL_LEDS_DUTY_H
#define HAL_LEDS_DUTY_H
#include <stdbool.h>
#include <stdint.h>

#include "leds.h"

#define LEDS_DUTY_STEP 125u /* Timer0 counts in a row step (avr/tick.c: OCR0A + 1) */
#define LEDS_DUTY_ROWS 3u   /* steps in a frame */

/* Counts of the step a lit die is on: FULL the whole step (as before levels existed),
 * each level a quarter of the one above, dim a quarter of its level. */
static inline uint8_t leds_duty_counts(uint8_t level, bool dim)
{
    uint8_t on = level == LEDS_BRIGHT_NIGHT ? 8u : level == LEDS_BRIGHT_MEDIUM ? 32u
                                                                          : LEDS_DUTY_STEP;
    return dim ? (uint8_t)(on >> 2) : on;
}

/* The share of the time a lit die is on, in permille (rounded). */
static inline uint16_t leds_duty_permille(uint8_t level, bool dim)
{
    uint32_t frame = LEDS_DUTY_STEP * LEDS_DUTY_ROWS;
    return (uint16_t)((leds_duty_counts(level, dim) * 1000ul + frame / 2u) / frame);
}

#endif
