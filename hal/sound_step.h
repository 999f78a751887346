/* hal/sound_step.h - HAL-internal: the note stepping of sound.h, pure, shared by the
 * chip's timer interrupt (hal/avr/sound_hw.h) and the host fake. Runs in interrupt
 * context on the chip: count, and at a note's end read the next from flash. */
#ifndef HAL_SOUND_STEP_H
#define HAL_SOUND_STEP_H
#include <stdbool.h>
#include <stdint.h>

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

/* One interrupt step. True when a note begins: *n is it (n->steps 0: the end, silence). */
static inline bool sound_step(volatile sound_step_t *s, sound_note_t *n)
{
    uint16_t left = s->left;
    if (!left) {
        return false;
    }
    s->left = --left;
    if (left) {
        return false;
    }
    const sound_note_t *p = s->next;
    n->cs = pgm_read_byte(&p->cs);
    n->ocr = pgm_read_byte(&p->ocr);
    n->steps = pgm_read_word(&p->steps);
    s->left = n->steps;
    s->next = p + 1;
    return true;
}

#endif
