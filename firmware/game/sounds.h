/* firmware/game/sounds.h - the board's sounds, one table (firmware/README.md, "Sound";
 * what is made from it: "Inside the firmware").
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
    X(click, "a press that counts, at its release (a move sings its cell instead)", 0,             \
      N(3571, 10))                                                                                 \
    X(ignored, "a press that does not count (its cell flickers; a taken cell)", 0,                 \
      SOUNDS_BUZZ(N, 5051))                                                                        \
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
/* The cells' voices (firmware/README.md, "Singing cells"): C(cell, hz), cells 0-8 in
 * reading order, each its own pitch: the C major scale F..G about the piezo's 4 kHz, the
 * centre its tonic C. A mark is a rhythm at its cell's pitch, so the pitch stays the
 * cell's: X one note, O two short ones; an empty cell, heard alone, a tick. */
#define SOUNDS_CELLS(C)                                                                            \
    C(0, 2660)                                                                                     \
    C(1, 3012) C(2, 3378) C(3, 3788) C(4, 4000) C(5, 4484) C(6, 5051) C(7, 5348) C(8, 5988)
#define SOUNDS_MARKS(M, N, cell, hz)                                                               \
    M(x, cell, N(hz, 150)) M(o, cell, N(hz, 40) N(0, 40) N(hz, 40)) M(empty, cell, N(hz, 20))
#define SOUNDS_MARK_ID(mark, cell, notes) SOUNDS_MARK_##mark,
enum { SOUNDS_MARKS(SOUNDS_MARK_ID, SOUNDS_NO_NOTES, 0, 0) SOUNDS_MARK_N };
#define SOUNDS_CELL_ONE(cell, hz) +1
enum { SOUNDS_CELLS_N = 0 SOUNDS_CELLS(SOUNDS_CELL_ONE) };
#define SOUNDS_MARK_LENGTH(mark, cell, notes) SOUNDS_MARK_MS_##mark = 0 notes,
enum { SOUNDS_MARKS(SOUNDS_MARK_LENGTH, SOUNDS_NOTE_MS, 0, 0) };
/* A voice's sound id (SOUNDS_MARK_*, cell 0-8): past the table's and SOUNDS_NONE, cell
 * by cell. */
#define SOUNDS_VOICE(mark, cell) ((uint8_t)(SOUNDS_N + 1u + (cell)*SOUNDS_MARK_N + (mark)))
enum { SOUNDS_IDS = SOUNDS_N + 1 + SOUNDS_MARK_N * SOUNDS_CELLS_N };

/* Bit id set: the sound plays at `sound quiet`. */
#define SOUNDS_QUIET_BIT(name, when, quiet, notes) | ((quiet) ? 1u << SOUNDS_##name : 0u)
#define SOUNDS_QUIET (0u SOUNDS(SOUNDS_QUIET_BIT, SOUNDS_NO_NOTES))

/* The setting (`sound`, the menu's SOUND cell), in the order the menu steps. */
enum { SOUNDS_ON, SOUNDS_QUIET_ONLY, SOUNDS_OFF, SOUNDS_SETTINGS };
#define SOUNDS_SETTING_WORDS "on\0quiet\0off"

/* Whether sound id (the table's or a voice) plays at setting SOUNDS_ON/QUIET_ONLY/OFF:
 * the voices of moves as the clicks, at `on` only. sounds_asked(): a sound a gesture
 * asks for (the board read, a cell heard) plays at `quiet` too; `off` is silence. */
bool sounds_allowed(uint8_t setting, uint8_t id);
bool sounds_asked(uint8_t setting, uint8_t id);

#endif
