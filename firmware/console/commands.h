/* firmware/console/commands.h - the console's commands, one table; what is made from
 * it: firmware/README.md, "Inside the firmware".
 *
 * X(id, name, grammar, help): the command word; its argument's grammar as `help` shows
 * it (after a space; "" for none: README, "Inside the firmware"); a one-line help, which
 * `help COMMAND` says and the docs list. `help` lists them in this order. */
#ifndef COMMANDS_H
#define COMMANDS_H
#include "leds_levels.h" /* brightness's words */

#define CONSOLE_COMMANDS(X)                                                                        \
    X(HELP, "help", " [COMMAND]",                                                                  \
      "the commands, the menu's legend, what BOARD is; or one command's help")                     \
    X(BOARD, "board", "", "the board and whose turn it is")                                        \
    X(HINT, "hint", "", "the best move now, shown yellow")                                         \
    X(DIAG, "diag", "", "uptime, resets, table, stack, supply, input lost, EEPROM, sound")         \
    X(LAMP, "lamp", "", "the lamp test: all red, all green, all yellow")                           \
    X(MOVE, "move", " 1-9", "your move on a cell")                                                 \
    X(NEW, "new", " x|o|2p", "a new game: you x, you o, two players")                              \
    X(LEVEL, "level", " perfect|medium|easy|0-2", "the AI's level for the next game")              \
    X(GAME, "game", " normal|misere|fading",                                                       \
      "the game: normal, misere (three loses), fading marks")                                      \
    X(STATS, "stats", " [clear]", "the statistics, or clear them")                                 \
    X(SOLVE, "solve", " [BOARD]", "the result of a position under perfect play")                   \
    X(BEST, "best", " [BOARD]", "the best moves, the result and the moves to the end")             \
    X(ANALYSIS, "analysis", "",                                                                    \
      "each empty cell's outcome for the side to move, also on the LEDs")                          \
    X(COLOR_BLIND, "colorblind", " on|off", "the colour-blind display on or off")                  \
    X(BRIGHTNESS, "brightness", " " LEDS_LEVELS_GRAMMAR, "how bright the LEDs are")                \
    X(SOUND, "sound", " on|quiet|off", "the sounds: all, the results only, or none")

#endif
