/* tests/game/game_say_quiet.c - gtu_say() for the game's own tests: the reports are
 * logged by game_test_util.c and taken here, nothing is said (no console linked). */
#include "game_test_util.h"

void gtu_say(game_t *g)
{
    game_report_t r;
    while (game_take_report(g, &r)) {
    }
}

void gtu_say_banner(void)
{
}
