/* hal/sound_step.h - HAL-internal: the note stepping of sound.h, pure, shared by the
 * chip's timer interrupt (hal/avr/sound_hw.h) and the host fake. Runs in interrupt
 * context on the chip: count, and at a note's end read the next from flash. */
#ifndef HAL_SOUND_STEP_H
#define HAL_SOUND_STEP_H
#include <stdbool.h>
#include <stdint.h>

#include "attributes.h"
#include "pgm.h"
#include "sound.h"

typedef struct {
    const sound_note_t *next; /* in flash */
    uint16_t left;            /* steps of the note under way; 0: silent */
} sound_step_t;

/* Main loop, interrupts off: the first note starts at the next step. */
static inline void sound_step_start(volatile sound_step_t *s, const sound_note_t *notes)
{
    s->next = notes;
    s->left = notes ? 1u : 0u;
}

/* One step (a ms): the note that begins now (in flash), or NULL. */
static inline ATTR_ALWAYS_INLINE const sound_note_t *sound_step(volatile sound_step_t *s)
{
    uint16_t left = s->left;
    if (!left) {
        return NULL;
    }
    s->left = --left;
    return left ? NULL : s->next;
}

/* Note p begins (its tone already set): count its length, move past it. Its length (0:
 * the end, silence). Split from sound_step() so the interrupt sets the tone from two
 * bytes before it reads the rest: fewer registers to save on every entry. */
static inline ATTR_ALWAYS_INLINE uint16_t sound_step_begin(volatile sound_step_t *s,
                                                           const sound_note_t *p)
{
    uint16_t steps = pgm_read_word(&p->steps);
    s->left = steps;
    s->next = p + 1;
    return steps;
}

#endif
