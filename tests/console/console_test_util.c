/* tests/console/console_test_util.c - gtu_say() through the console (each report said
 * as the board says it), and gtu_line(). */
#include "console_test_util.h"

void gtu_say(game_t *g)
{
    console_report(g);
}

void gtu_say_banner(void)
{
    console_banner(true, false);
}

void gtu_line(console_t *c, game_t *g, const char *line)
{
    while (*line) {
        console_feed(c, g, (uint8_t)*line++);
    }
    console_feed(c, g, '\n');
    while (console_more(c, g)) { /* the rest of a long answer, as the main loop prints it */
    }
}
