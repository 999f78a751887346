/* tests/sim/duty_model.c - prints hal/leds_duty.h's on-share of a lit die per level,
 * full and dim, for tests/sim/duty_test.py: `LEVEL full|dim PERMILLE` (one decimal). */
#include <stdio.h>

#include "leds_duty.h"

int main(void)
{
    for (uint8_t level = 0; level < LEDS_BRIGHT_LEVELS; level++)
        for (int dim = 0; dim < 2; dim++)
            printf("%u %s %.1f\n", level, dim ? "dim" : "full",
                   leds_duty_counts(level, dim) * 1000.0 / (LEDS_DUTY_STEP * LEDS_DUTY_ROWS));
    return 0;
}
