/* firmware/game/sounds.h - the board's sounds, one table (firmware/README.md, "Sound").
 * From it: the game's sound ids and quiet filter (sounds.c), the notes in flash
 * (firmware/app/tones.c), and build/gen/sounds.json (firmware/app/print_sounds.c) for
 * the docs, the simulators and the tests.
 *
 * X(name, when, quiet, notes): quiet 1 if the sound still plays at `sound quiet` (the
 * results); notes as N(hz, ms), hz 0 a rest. Each hz is one Timer2 makes within 0.5 %
 * (tones.c checks); the rules of the pitches: tests/game/test_game_sounds.c. */
#ifndef SOUNDS_H
#define SOUNDS_H
#include <stdbool.h>
#include <stdint.h>

/* The buzz: 8 tones of 10 ms, 10 ms apart. */
#define SOUNDS_PIP(N, hz) N(hz, 10) N(0, 10)
#define SOUNDS_PIP2(N, hz) SOUNDS_PIP(N, hz) SOUNDS_PIP(N, hz)
#define SOUNDS_PIP4(N, hz) SOUNDS_PIP2(N, hz) SOUNDS_PIP2(N, hz)
#define SOUNDS_BUZZ(N, hz) SOUNDS_PIP4(N, hz) SOUNDS_PIP2(N, hz) SOUNDS_PIP(N, hz) N(hz, 10)

#define SOUNDS(X, N)                                                                               \
    X(click, "a press that counts, at its release", 0, N(3571, 10))                                \
    X(ignored, "a press that does not count (its cell flickers; a taken cell)", 0,                 \
      SOUNDS_BUZZ(N, 5051))                                                                        \
    X(ai_move, "the AI's move", 0, N(3205, 40))                                                    \
    X(win, "a win: yours against the AI, either player's in two-player mode", 1,                   \
      N(2252, 80) N(3012, 80) N(3788, 240))                                                        \
    X(loss, "a loss: the AI won", 1, N(5650, 100) N(5348, 100) N(4484, 300))                       \
    X(draw, "a draw", 1, N(4762, 120) N(0, 60) N(4762, 120))                                       \
    X(menu_open, "the menu opens", 0, N(2525, 50) N(3378, 70))                                     \
    X(menu_close, "the menu closes with nothing changed (a pick clicks)", 0,                       \
      N(4000, 50) N(2660, 70))                                                                     \
    X(wake, "wake-up from power-down", 0, N(4237, 40) N(0, 40) N(4237, 40) N(0, 40) N(4237, 40))   \
    X(toy, "toddler mode: a key down", 0, N(2835, 40) N(5950, 40) N(2835, 40))

#define SOUNDS_ID(name, when, quiet, notes) SOUNDS_##name,
#define SOUNDS_NO_NOTES(hz, ms)
enum { SOUNDS(SOUNDS_ID, SOUNDS_NO_NOTES) SOUNDS_N, SOUNDS_NONE = SOUNDS_N };
/* Each sound's length (ms), and the longest result's (timing.h keeps a result on the
 * board at least that long). */
#define SOUNDS_NOTE_MS(hz, ms) +(ms)
#define SOUNDS_LENGTH(name, when, quiet, notes) SOUNDS_MS_##name = 0 notes,
enum { SOUNDS(SOUNDS_LENGTH, SOUNDS_NOTE_MS) };
#define SOUNDS_MAX2(a, b) ((a) > (b) ? (a) : (b))
#define SOUNDS_RESULT_MS_MAX SOUNDS_MAX2(SOUNDS_MS_win, SOUNDS_MAX2(SOUNDS_MS_loss, SOUNDS_MS_draw))
/* Bit id set: the sound plays at `sound quiet`. */
#define SOUNDS_QUIET_BIT(name, when, quiet, notes) | ((quiet) ? 1u << SOUNDS_##name : 0u)
#define SOUNDS_QUIET (0u SOUNDS(SOUNDS_QUIET_BIT, SOUNDS_NO_NOTES))

/* The setting (`sound`, the menu's SOUND cell), in the order the menu steps. */
enum { SOUNDS_ON, SOUNDS_QUIET_ONLY, SOUNDS_OFF, SOUNDS_SETTINGS };
#define SOUNDS_SETTING_WORDS "on\0quiet\0off"

/* Whether sound id plays at setting SOUNDS_ON/QUIET_ONLY/OFF. */
bool sounds_allowed(uint8_t setting, uint8_t id);

#endif
