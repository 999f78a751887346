/* tests/hal/board_bad.c - must NOT compile: tests/hal/hal.mk builds it with one of
 * -DBAD_DUPLICATE, -DBAD_SERIAL, -DBAD_RESERVED and expects board_check.h to stop the
 * build (and builds it with -DBAD_NONE expecting success, so the test can fail). */
#include "board_check.h"

#if defined(BAD_DUPLICATE)
BOARD_CHECK_PINS(BOARD_PIN(BOARD_PORT_B, 0), BOARD_PIN(BOARD_PORT_C, 3),
                 BOARD_PIN(BOARD_PORT_B, 0));
#elif defined(BAD_SERIAL)
BOARD_CHECK_PINS(BOARD_PIN(BOARD_PORT_B, 0), BOARD_PIN(BOARD_PORT_D, 1));
#elif defined(BAD_RESERVED)
BOARD_CHECK_PINS(BOARD_PIN(BOARD_PORT_C, 6));
#elif defined(BAD_NONE)
BOARD_CHECK_PINS(BOARD_PIN(BOARD_PORT_B, 0), BOARD_PIN(BOARD_PORT_D, 2));
#endif

int board_bad_dummy(void);
int board_bad_dummy(void)
{
    return 0;
}
