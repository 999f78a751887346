/* hal/power_wake.c - which key rows can wake the board (power.h; the chip and the fakes
 * share it): a row with a stuck key would hold its pin-change line low. */
#include "power.h"

uint8_t power_wake_rows(uint16_t ignore)
{
    uint8_t rows = 0;
    for (uint8_t r = 0; r < 3u; r++, ignore >>= 3) {
        rows >>= 1;
        if (!(ignore & 7u))
            rows |= 4u;
    }
    return rows;
}
