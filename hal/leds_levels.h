/* hal/leds_levels.h - the brightness levels, one table (hal/README.md, "Brightness").
 * From it: LEDS_BRIGHT_* (leds.h), the duty (leds_duty.h), the console's words and its
 * `brightness` grammar (console/say.c, console/commands.h).
 *
 * X(id, word, counts): from the brightest down; the word the console reads and says, and
 * the last counts of its row's step (of LEDS_DUTY_STEP, leds_duty.h) a lit die is on.
 * LEDS_BRIGHT_<id> counts from the dimmest (0) up, so the first is the brightest; the
 * console's digits count from it down (0 = the first). LEDS_LEVELS_MAX is the last digit. */
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
