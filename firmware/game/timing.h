/* firmware/game/timing.h - the game's timings, one table (ms), the constants
 * GAME_<name>_MS, and the rules they keep, each checked at compile time
 * (firmware/README.md, "Inside the firmware").
 *
 * X(name, ms, what): every value fits a 16-bit count-down. */
#ifndef TIMING_H
#define TIMING_H
#include "sounds.h" /* the results' tunes: GAME_RESULT_MS holds them whole */

#define GAME_TIMINGS(X)                                                                            \
    X(BOOT, 720, "the greeting at power-on, presses ignored: 9 steps, one cell each")              \
    X(AI_DELAY, 200, "the AI answers this long after the person's move")                           \
    X(AI_BLINK, 500, "the AI's move blinks this long")                                             \
    X(CONFIRM, 400, "a menu pick that starts a game flashes its cell yellow this long")            \
    X(MENU, 10000, "the menu closes unchanged this long after its last press")                     \
    X(ERROR, 500, "a taken cell pressed blinks this long")                                         \
    X(HINT, 1500, "a hint shows this long")                                                        \
    X(ANALYSIS, 3000, "the analysis shows this long")                                              \
    X(STATS_RESULTS, 3000, "the statistics' first picture (the results) shows this long")          \
    X(STATS_PLAYED, 2000, "then the second (played out against abandoned) this long")              \
    X(LONG, 800, "a key held alone this long is armed: its release is a long press")               \
    X(MENU_HOLD, 2000, "the menu's cell held alone this long opens the menu at its release")       \
    X(STUCK, 10000, "a key held this long is stuck: ignored until released")                       \
    X(LAMP_STEP, 512, "the lamp test: red, green, yellow, this long each")                         \
    X(FLASH, 400, "an ignored press: its cell flickers this long")                                 \
    X(FLASH_STEP, 50, "lit, dark, lit, ...: this long each")                                       \
    X(PULSE, 128, "colour-blind cue of yellow cells: full, dimmed, full, ..., this long each")     \
    X(WAKE_GUARD, 300, "a press beginning this soon after a wake-up is ignored")                   \
    X(FADE_WINK, 1024,                                                                             \
      "fading: a mark that vanishes at its owner's next move goes dark once in this period")       \
    X(FADE_WINK_OFF, 192, "... dark this long")                                                    \
    X(2P_BEAT, 2048, "two players (no AI): the empty cells pulse once in this period")             \
    X(2P_BEAT_ON, 128, "... lit dim yellow this long")                                             \
    X(MENU_HINT, 20000, "idle this long before the first move, the menu's cell pulses")            \
    X(MENU_HINT_OVER, 3000, "... idle this long at game over")                                     \
    X(MENU_HINT_EVERY, 4096, "... once in this period")                                            \
    X(MENU_HINT_ON, 256, "... lit dim yellow this long")                                           \
    X(RING_START, 400, "the menu's cell held this long: the ring around it starts to fill")        \
    X(RING_STEP, 200, "... a cell of the ring lights this often, the last at the menu's hold")     \
    X(MENU_GAP, 600,                                                                               \
      "a press begun this soon after a key came up is hurried: no menu pick or choice")            \
    X(RESULT, 2000,                                                                                \
      "a finished game's result shows this long, presses ignored, before a new game")              \
    X(REPLAY_STEP, 500, "after a loss, the replay shows each move this long")                      \
    X(REPLAY_MARK, 1500, "... then the move that lost blinks this long")                           \
    X(REPLAY_HOLD, 2000, "... then the move that would have held shows this long")                 \
    X(PALM, 50, "toddler mode: GAME_PALM_KEYS keys down within this long are a palm")              \
    X(BURST, 1000, "toddler mode: GAME_BURST_PRESSES keys down within this long are a burst")      \
    X(CALM, 1000, "toddler mode ends at a tap begun this long after the last key")                 \
    X(TOY_LIT, 300, "toddler mode: a key down lights its cell this long")                          \
    X(READ_STEP, 250, "the board read aloud: a click, then each cell's voice or rest this long")

#define GAME_TIMING_ENUM(name, ms, what) GAME_##name##_MS = (ms),
enum { GAME_TIMINGS(GAME_TIMING_ENUM) };
/* Toddler mode's counts (firmware/README.md, "Toddler mode"): a palm is this many keys
 * down within GAME_PALM_MS, a burst this many within GAME_BURST_MS. */
enum { GAME_PALM_KEYS = 3, GAME_BURST_PRESSES = 6 };
/* The ring around the menu's cell: its eight cells, one per GAME_RING_STEP_MS. */
#define GAME_RING_CELLS 8

/* R(rule, why): each rule holds at compile time and is exported with the table. */
#define GAME_POW2(v) ((v) > 0 && ((v) & ((v)-1)) == 0)
#define GAME_TIMING_RULES(R)                                                                       \
    R(GAME_LONG_MS < GAME_MENU_HOLD_MS && GAME_MENU_HOLD_MS < GAME_STUCK_MS,                       \
      "a long press comes before the menu's hold, and both before a key is stuck")                 \
    R(GAME_MENU_MS >= GAME_STUCK_MS, "a press begun in the menu ends in it, or is stuck")          \
    R(GAME_BOOT_MS % 9 == 0, "the greeting lights the nine cells in equal steps")                  \
    R(GAME_FLASH_MS % (2 * GAME_FLASH_STEP_MS) == 0,                                               \
      "an ignored press flickers whole lit-dark pairs")                                            \
    R(GAME_POW2(GAME_LAMP_STEP_MS), "the lamp test's step is a bit of its count-down")             \
    R(GAME_POW2(GAME_2P_BEAT_MS) && GAME_POW2(GAME_2P_BEAT_ON_MS) &&                               \
          GAME_2P_BEAT_ON_MS < GAME_2P_BEAT_MS,                                                    \
      "the two-player beat is a mask of the idle count, which saturates at a power of 2")          \
    R(GAME_POW2(GAME_MENU_HINT_EVERY_MS) && GAME_POW2(GAME_MENU_HINT_ON_MS) &&                     \
          GAME_MENU_HINT_ON_MS < GAME_MENU_HINT_EVERY_MS,                                          \
      "the menu's pulse is a mask of the idle count, which saturates at a power of 2")             \
    R(GAME_POW2(GAME_FADE_WINK_MS) && GAME_FADE_WINK_OFF_MS < GAME_FADE_WINK_MS / 2u,              \
      "the fading mark's wink is a mask of the game's clock, which wraps at a power of 2; "        \
      "lit most of the time, unlike a blink")                                                      \
    R(GAME_MENU_HINT_MS < 65536 && GAME_STUCK_MS < 65536 && GAME_MENU_MS < 65536,                  \
      "every timing fits a 16-bit count")                                                          \
    R(GAME_RING_START_MS + GAME_RING_CELLS * GAME_RING_STEP_MS == GAME_MENU_HOLD_MS,               \
      "the ring's last cell lights as the menu's hold is reached")                                 \
    R(GAME_RING_START_MS < GAME_LONG_MS, "the ring shows before a long press: keep holding")       \
    R((unsigned)GAME_RESULT_MS >= (unsigned)SOUNDS_RESULT_MS_MAX,                                  \
      "a result's tune plays whole before a press can start a new game")                           \
    R(GAME_PALM_MS < GAME_BURST_MS && GAME_CALM_MS >= GAME_BURST_MS,                               \
      "a palm is quicker than a burst, and no burst holds a calm pause")                           \
    R(GAME_MENU_GAP_MS < GAME_MENU_MS, "an unhurried press in the menu comes before it closes")    \
    R(GAME_READ_STEP_MS >= SOUNDS_MARK_MS_x + 50 && GAME_READ_STEP_MS >= SOUNDS_MARK_MS_o + 50,    \
      "a cell read aloud sounds whole, and 50 ms of silence part it from the next")                \
    R(9u * GAME_REPLAY_STEP_MS + GAME_REPLAY_MARK_MS + GAME_REPLAY_HOLD_MS < 65536u,               \
      "the longest replay fits a 16-bit count")

#define GAME_TIMING_ASSERT(rule, why) _Static_assert(rule, why);
GAME_TIMING_RULES(GAME_TIMING_ASSERT)

#endif
