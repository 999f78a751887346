/* firmware/game/sounds.h - the board's sounds, one table (firmware/README.md, "Sound").
 * From it: the game's sound ids and quiet filter (sounds.c), the notes in flash
 * (firmware/app/tones.c), and build/gen/sounds.json (firmware/app/print_sounds.c) for
 * the docs, the simulators and the tests.
 *
 * X(name, when, quiet, notes): quiet 1 if the sound still plays at `sound quiet` (the
 * results); notes as N(hz, ms), hz 0 a rest. Each hz is one Timer2 makes within 0.5 %
 * (tones.c checks) and at least 5 % from every other sound's (tests/game/test_sounds.c). */
#ifndef SOUNDS_H
#define SOUNDS_H
#include <stdbool.h>
#include <stdint.h>

#define SOUNDS(X, N)                                                                               \
    X(click, "a press that counts, at its release", 0, N(4000, 10))                                \
    X(ignored, "a press that does not count (its cell flickers; a taken cell)", 0, N(250, 150))    \
    X(ai_move, "the AI's move", 0, N(2500, 40))                                                    \
    X(win, "a win: yours against the AI, either player's in two-player mode", 1,                   \
      N(1000, 80) N(1250, 80) N(1500, 80) N(2000, 240))                                            \
    X(loss, "a loss: the AI won", 1, N(800, 150) N(600, 150) N(400, 300))                          \
    X(draw, "a draw", 1, N(700, 120) N(0, 60) N(700, 120))                                         \
    X(menu_open, "the menu opens", 0, N(1600, 50) N(3200, 70))                                     \
    X(menu_close, "the menu closes with nothing changed (a pick clicks)", 0,                       \
      N(2800, 50) N(1400, 70))                                                                     \
    X(wake, "wake-up from power-down", 0, N(2200, 60) N(3571, 90))                                 \
    X(toy, "toddler mode: a key down", 0, N(500, 40) N(900, 60))

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

/* The setting (`sound`, menu cell 6), in the order the menu steps. */
enum { SOUNDS_ON, SOUNDS_QUIET_ONLY, SOUNDS_OFF, SOUNDS_SETTINGS };
#define SOUNDS_SETTING_WORDS "on\0quiet\0off"

/* Whether sound id plays at setting SOUNDS_ON/QUIET_ONLY/OFF. */
bool sounds_allowed(uint8_t setting, uint8_t id);

#endif
