/* tests/shield/led_duty.c - prints the share of the time a lit LED die is on at each
 * brightness level, from the firmware's own tables (hal/leds_levels.h, hal/leds_duty.h):
 * `WORD COUNTS` per level (the counts of its row's step the die is on, full, not the
 * colour-blind mode's dim), then `frame COUNTS` (the steps of all rows: the multiplex).
 * tests/shield/brightness.py multiplies the dies' luminous intensity by it. */
#include <stdio.h>

#include "leds_duty.h"

#define LED_DUTY_LINE(id, word, counts)                                                            \
    printf("%s %u\n", word, (unsigned)leds_duty_counts(LEDS_BRIGHT_##id, false));

int main(void)
{
    LEDS_LEVELS(LED_DUTY_LINE)
    printf("frame %u\n", (unsigned)(LEDS_DUTY_STEP * LEDS_DUTY_ROWS));
    return 0;
}
