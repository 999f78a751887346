/* firmware/console/say.h - console-internal: the texts of the game's reports, shared by
 * say.c and console.c. */
#ifndef CONSOLE_SAY_H
#define CONSOLE_SAY_H
#include <stdint.h>

#include "stats.h"

void say_mode(uint8_t mode);     /* `vs ai, you x`, `vs ai, you o`, `two players` */
void say_level(uint8_t level);   /* `perfect`, `medium`, `easy` */
void say_result(uint8_t winner); /* `x wins`, `o wins`, `draw` (PLAYER_NONE) */
void say_menu(void);             /* `menu: 1 x 2 o ...`: what each cell picks (one line, no '\n') */
/* The statistics' line of table i of the game `rule` (RULE_*; another than the normal
 * one named first: `stats misere, you x, ...`), or past the tables the games before
 * levels of mode i - STATS_TABLES (with its '\n'). */
void say_stats(const stats_t *st, uint8_t rule, uint8_t i);

#endif
