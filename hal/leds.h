/* hal/leds.h - the 3x3 bi-color LED display (contract): a frame is four 9-bit masks,
 * bit i = cell i; red and green together are yellow; blinking is 256 ms lit, 256 dark.
 * Duty per level: leds_duty.h. */
#ifndef HAL_LEDS_H
#define HAL_LEDS_H
#include <stdint.h>

#include "leds_levels.h"

#define LEDS_CELLS 9

typedef struct {
    uint16_t red;
    uint16_t green;
    uint16_t blink;
    uint16_t dim; /* lit a quarter of the level's on-time: a cue that is not hue */
} leds_frame_t;

/* LEDS_BRIGHT_<id> (leds_levels.h): 0 the dimmest, LEDS_BRIGHT_LEVELS - 1 the brightest. */
#define LEDS_LEVEL_AT(id, word, counts) LEDS_AT_##id,
enum { LEDS_LEVELS(LEDS_LEVEL_AT) LEDS_BRIGHT_LEVELS };
#define LEDS_LEVEL_ENUM(id, word, counts) LEDS_BRIGHT_##id = LEDS_BRIGHT_LEVELS - 1 - LEDS_AT_##id,
enum { LEDS_LEVELS(LEDS_LEVEL_ENUM) };
_Static_assert(LEDS_LEVELS_MAX == LEDS_BRIGHT_LEVELS - 1, "LEDS_LEVELS_MAX: the last digit");

/* Init: all dark, level LEDS_BRIGHT_FULL. */
void leds_init(void);

/* Runtime (main loop). */
void leds_show(const leds_frame_t *f);   /* from the next row step; a new blink starts lit */
void leds_off(void);                     /* all dark until the next leds_show() */
void leds_set_brightness(uint8_t level); /* LEDS_BRIGHT_*, kept over leds_show(); others ignored */

#endif
