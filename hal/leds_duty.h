/* hal/leds_duty.h - how long a lit die is on (pure): the chip's schedule and the tests'
 * expectation (hal/README.md, "Brightness"). */
#ifndef HAL_LEDS_DUTY_H
#define HAL_LEDS_DUTY_H
#include <stdbool.h>
#include <stdint.h>

#include "leds.h"

#define LEDS_DUTY_STEP 125u /* Timer0 counts in a row step (avr/tick.c: OCR0A + 1) */
#define LEDS_DUTY_ROWS 3u

#define LEDS_DUTY_ON(id, word, counts) level == LEDS_BRIGHT_##id ? (uint8_t)(counts):
/* The last counts of its row's step a lit die is on. */
static inline uint8_t leds_duty_counts(uint8_t level, bool dim)
{
    uint8_t on = LEDS_LEVELS(LEDS_DUTY_ON) LEDS_DUTY_STEP;
    return dim ? (uint8_t)(on >> 2) : on;
}

/* Its share of the time, in permille. */
static inline uint16_t leds_duty_permille(uint8_t level, bool dim)
{
    uint32_t frame = LEDS_DUTY_STEP * LEDS_DUTY_ROWS;
    return (uint16_t)((leds_duty_counts(level, dim) * 1000ul + frame / 2u) / frame);
}

#endif
