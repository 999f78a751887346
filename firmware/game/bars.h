/* firmware/game/bars.h - the statistics display, one table: which count each bar shows,
 * in which picture and column, in which colour and look; game.c draws from it,
 * bars_legend.c writes its legend. The design: firmware/README.md, "Statistics".
 *
 * X(picture, column, kinds, colour, look, label, label_2p): picture 0 shows for
 * GAME_STATS_RESULTS_MS, then picture 1 GAME_STATS_PLAYED_MS; column 0 left .. 2 right;
 * kinds the STATS_* counts it sums (BARS_N bits); colour BARS_<colour>, look BARS_<look>;
 * the labels against the AI and for two players. */
#ifndef BARS_H
#define BARS_H

#define BARS_N(kind) (1u << STATS_##kind)
#define BARS_PLAYED (BARS_N(WIN) | BARS_N(DRAW) | BARS_N(LOSS))

#define STATS_BARS(X)                                                                              \
    X(0, 0, BARS_N(WIN), GREEN, FULL, "wins", "X wins")                                            \
    X(0, 1, BARS_N(DRAW), YELLOW, DIM_BLINK, "draws", "draws")                                     \
    X(0, 2, BARS_N(LOSS), RED, BLINK, "losses", "O wins")                                          \
    X(1, 0, BARS_PLAYED, YELLOW, FULL, "played out", "played out")                                 \
    X(1, 2, BARS_N(ABANDONED), RED, BLINK, "abandoned", "abandoned")

#define BARS_PICTURES 2u
#define BARS_ROWS 3u
/* colour: bit 0 red, bit 1 green; look: bit 0 dim, bit 1 blinking */
enum { BARS_RED = 1, BARS_GREEN = 2, BARS_YELLOW = 3 };
enum { BARS_FULL = 0, BARS_DIM = 1, BARS_BLINK = 2, BARS_DIM_BLINK = 3 };

#endif
