/* firmware/game/menu.h - the menu, one table: what a short press on each cell does
 * (firmware/README.md, "Menu"), its long label and its short one; what is made from it:
 * firmware/README.md, "Inside the firmware".
 *
 * X(cell, action, arg, long, short): cells 1-9 in order; action GAME_MENU_<action>,
 * arg GAME_MENU_ARG_<action>(arg) (empty where the action takes none). */
#ifndef MENU_H
#define MENU_H
#include "level.h"
#include "mode.h"

#define GAME_MENU(X)                                                                               \
    X(1, MODE, AI_X, "you X", "x")                                                                 \
    X(2, MODE, AI_O, "you O", "o")                                                                 \
    X(3, MODE, 2P, "two players", "2p")                                                            \
    X(4, LEVEL, , "level", "level")                                                                \
    X(5, CLOSE, , "close", "close")                                                                \
    X(6, SOUND, , "sound", "sound")                                                                \
    X(7, GAME, , "game", "game")                                                                   \
    X(8, COLOUR_BLIND, , "colour-blind", "cues")                                                   \
    X(9, BRIGHTNESS, , "brightness", "bright")

/* What a pick does (menu.c has a function for each; an action without one does not
 * build). MODE: a new game in mode arg; STATS: the statistics display; LEVEL: the next
 * level (perfect, medium, easy, perfect, ...); SOUND: the next setting (on, quiet, off,
 * on, ...); COLOUR_BLIND: on/off; BRIGHTNESS: a step through the levels, turning round
 * at both ends; GAME: the next game (normal, misère, fading, normal, ...; one refused
 * skipped), a new game under it. The last five keep the menu open. CLOSE: any press on it
 * closes the menu. */
#define GAME_MENU_ACTIONS(A)                                                                       \
    A(MODE) A(STATS) A(LEVEL) A(SOUND) A(COLOUR_BLIND) A(BRIGHTNESS) A(GAME) A(CLOSE)
#define GAME_MENU_ACTION_ENUM(action) GAME_MENU_##action,
typedef enum { GAME_MENU_ACTIONS(GAME_MENU_ACTION_ENUM) GAME_MENU_ACTION_COUNT } game_menu_action_t;
#define GAME_MENU_ARG_MODE(a) GAME_MODE_##a
#define GAME_MENU_ARG_LEVEL(a) 0
#define GAME_MENU_ARG_CLOSE(a) 0
#define GAME_MENU_ARG_SOUND(a) 0
#define GAME_MENU_ARG_STATS(a) 0
#define GAME_MENU_ARG_COLOUR_BLIND(a) 0
#define GAME_MENU_ARG_BRIGHTNESS(a) 0
#define GAME_MENU_ARG_GAME(a) 0

/* The cell that opens the menu (0-8: the centre), held alone GAME_MENU_HOLD_MS. */
#define GAME_MENU_OPEN_CELL 4u

/* Entry i is cell i + 1: the table lists the cells in order, all nine. */
#define GAME_MENU_INDEX(cell, action, arg, lng, shrt) GAME_MENU_AT_##cell,
enum { GAME_MENU(GAME_MENU_INDEX) GAME_MENU_CELLS };
#define GAME_MENU_ORDER(cell, action, arg, lng, shrt)                                              \
    _Static_assert(GAME_MENU_AT_##cell == (cell)-1, "menu cells listed 1-9 in order");
GAME_MENU(GAME_MENU_ORDER)
_Static_assert(GAME_MENU_CELLS == 9, "one menu entry per cell");

/* The console's legend: "menu: 1 x 2 o ..." (a string literal). */
#define GAME_MENU_WORD(cell, action, arg, lng, shrt) " " #cell " " shrt
#define GAME_MENU_LINE "menu:" GAME_MENU(GAME_MENU_WORD)

#endif
