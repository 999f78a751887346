/* hal/power_wake.c - which key rows can wake the board from power-down (pure, the chip
 * and the host fakes share it): a row wakes it only while none of its keys is in
 * `ignore` (stuck keys, which would hold the row's pin-change line low). Bit r = row r;
 * `ignore` has bit i = cell i (row i / 3). */
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
