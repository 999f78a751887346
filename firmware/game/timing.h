/* firmware/game/timing.h - the game's timings, one table (ms), and the rules they keep.
 * From it: the constants GAME_<name>_MS, a compile-time check of every rule, and
 * build/gen/timings.json (firmware/app/print_facts.c) for the docs, the simulators and
 * the tests. A change that breaks a rule fails to build, naming the rule.
 *
 * X(name, ms, what): every value fits a 16-bit count-down. */
#ifndef TIMING_H
#define TIMING_H

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
    X(2P_BEAT, 2048, "two players (no AI): the empty cells pulse once in this period")             \
    X(2P_BEAT_ON, 128, "... lit dim yellow this long")                                             \
    X(MENU_HINT, 20000, "idle this long before the first move, the menu's cell pulses")            \
    X(MENU_HINT_OVER, 3000, "... idle this long at game over")                                     \
    X(MENU_HINT_EVERY, 4096, "... once in this period")                                            \
    X(MENU_HINT_ON, 256, "... lit dim yellow this long")

#define GAME_TIMING_ENUM(name, ms, what) GAME_##name##_MS = (ms),
enum { GAME_TIMINGS(GAME_TIMING_ENUM) };

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
    R(GAME_MENU_HINT_MS < 65536 && GAME_STUCK_MS < 65536 && GAME_MENU_MS < 65536,                  \
      "every timing fits a 16-bit count")

#define GAME_TIMING_ASSERT(rule, why) _Static_assert(rule, why);
GAME_TIMING_RULES(GAME_TIMING_ASSERT)

#endif
