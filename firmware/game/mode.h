/* firmware/game/mode.h - the game's modes: vs the AI with the person as X or O, or two
 * players (firmware/README.md, "Menu"). Their order is the statistics tables' and the
 * console's words'. */
#ifndef MODE_H
#define MODE_H

enum { GAME_MODE_AI_X = 0, GAME_MODE_AI_O = 1, GAME_MODE_2P = 2, GAME_MODES = 3 };

#endif
