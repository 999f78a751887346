/* firmware/app/tones.c - the sound table (firmware/game/sounds.h) as the sounder's notes
 * (hal/sound.h) in flash, each checked at compile time against what Timer2 makes. */
#include "tones.h"

#include <stddef.h>

#include "pgm.h"
#include "sounds.h"

/* How far Timer2's frequency is from hz, in mHz. */
#define TONES_OFF_MHZ(hz)                                                                          \
    (SOUND_MHZ(hz) > 1000ull * (hz) ? SOUND_MHZ(hz) - 1000ull * (hz) : 1000ull * (hz)-SOUND_MHZ(hz))
#define TONES_CHECK_NOTE(hz, ms)                                                                   \
    _Static_assert((hz) == 0 ||                                                                    \
                       (SOUND_OCR(hz) <= 255u && 200ull * TONES_OFF_MHZ(hz) <= 1000ull * (hz)),    \
                   "Timer2 makes " #hz " Hz within 0.5 %");                                        \
    _Static_assert((ms) > 0 && (ms) <= 1000, #hz " Hz: a note of 1 ms to 1 s");
#define TONES_CHECK(name, when, quiet, notes) notes
SOUNDS(TONES_CHECK, TONES_CHECK_NOTE)
#define TONES_CHECK_MARK(mark, cell, notes) notes
#define TONES_CHECK_CELL(cell, hz) SOUNDS_MARKS(TONES_CHECK_MARK, TONES_CHECK_NOTE, cell, hz)
SOUNDS_CELLS(TONES_CHECK_CELL)

#define TONES_NOTE(hz, ms) SOUND_NOTE(hz, ms),
#define TONES_NOTES(name, when, quiet, notes)                                                      \
    static const sound_note_t tones_##name[] PROGMEM = {notes{0, 0, 0}};
SOUNDS(TONES_NOTES, TONES_NOTE)
/* The voices: an array per cell and mark, in the order of their ids (SOUNDS_VOICE). */
#define TONES_VOICE(mark, cell, notes)                                                             \
    static const sound_note_t tones_##mark##cell[] PROGMEM = {notes{0, 0, 0}};
#define TONES_CELL(cell, hz) SOUNDS_MARKS(TONES_VOICE, TONES_NOTE, cell, hz)
SOUNDS_CELLS(TONES_CELL)

/* Every sound by its id: the table's, SOUNDS_NONE (none), then the voices. */
#define TONES_AT(name, when, quiet, notes) tones_##name,
#define TONES_VOICE_AT(mark, cell, notes) tones_##mark##cell,
#define TONES_CELL_AT(cell, hz) SOUNDS_MARKS(TONES_VOICE_AT, SOUNDS_NO_NOTES, cell, hz)
static const sound_note_t *const tones_at[] PROGMEM = {SOUNDS(TONES_AT, SOUNDS_NO_NOTES) NULL,
                                                       SOUNDS_CELLS(TONES_CELL_AT)};
_Static_assert(SOUNDS_NONE == SOUNDS_N && SOUNDS_VOICE(0, 0) == SOUNDS_N + 1u &&
                   sizeof tones_at / sizeof tones_at[0] == SOUNDS_IDS,
               "the voices' ids follow the table's and SOUNDS_NONE, to the last");

const sound_note_t *tones_notes(uint8_t id)
{
    return id < SOUNDS_IDS ? (const sound_note_t *)pgm_read_ptr(&tones_at[id]) : NULL;
}
