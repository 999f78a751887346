/* hal/leds_levels.h - the brightness levels, one table (hal/README.md, "Brightness"):
 * LEDS_BRIGHT_*, the duty, the console's words and grammar, build/gen/leds.json come from it.
 *
 * X(id, word, counts): brightest first; the console's word; the counts of its row's step
 * (LEDS_DUTY_STEP) a lit die is on. LEDS_BRIGHT_<id> counts up from the dimmest (0), the
 * console's digits down from the brightest. LEDS_LEVELS_MAX is the last digit. */
#ifndef HAL_LEDS_LEVELS_H
#define HAL_LEDS_LEVELS_H

#define LEDS_LEVELS(X)                                                                             \
    X(FULL, "full", LEDS_DUTY_STEP)                                                                \
    X(MEDIUM, "medium", 32u)                                                                       \
    X(NIGHT, "night", 8u)
#define LEDS_LEVELS_MAX 2

/* The console's words: "\0full\0medium\0night" (after a prefix), "full|medium|night|0-2". */
#define LEDS_LEVEL_WORD(id, word, counts) "\0" word
#define LEDS_LEVEL_CHOICE(id, word, counts) word "|"
#define LEDS_LEVELS_STR_(n) #n
#define LEDS_LEVELS_STR(n) LEDS_LEVELS_STR_(n)
#define LEDS_LEVELS_GRAMMAR LEDS_LEVELS(LEDS_LEVEL_CHOICE) "0-" LEDS_LEVELS_STR(LEDS_LEVELS_MAX)

#endif
