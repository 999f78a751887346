/* tests/console/console_test_util.h - the console's side of the test helpers: the
 * game's reports and the banner said by the console (gtu_say), and console lines run. */
#ifndef CONSOLE_TEST_UTIL_H
#define CONSOLE_TEST_UTIL_H
#include "console.h"
#include "game_test_util.h"

/* Run a console line, and the rest of a long answer as the main loop prints it. */
void gtu_line(console_t *c, game_t *g, const char *line);

#endif
