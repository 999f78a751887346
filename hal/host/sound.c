/* hal/host/sound.c - fake sounder: the chip's note stepping (sound_step.h) driven by
 * fake time (a step per ms of fake_tick_advance), recording what was started. */
#include "sound.h"

#include "fake_internal.h"
#include "hal_fake.h"
#include "sound_step.h"

static sound_step_t fake_now;
static sound_note_t fake_note; /* on the pin: cs 0 silent */
static const sound_note_t *fake_last;
static uint32_t fake_plays;

void fake_sound_reset(void)
{
    fake_now = (sound_step_t){0};
    fake_note = (sound_note_t){0};
    fake_last = NULL;
    fake_plays = 0;
}

void sound_init(void)
{
    fake_sound_reset();
}

void sound_play(const sound_note_t *notes)
{
    sound_step_start(&fake_now, notes);
    if (notes) {
        fake_last = notes;
        fake_plays++;
    } else {
        fake_note = (sound_note_t){0};
    }
}

bool sound_busy(void)
{
    return fake_now.left != 0;
}

void fake_sound_steps(uint32_t steps)
{
    const sound_note_t *p;
    while (steps--) {
        if ((p = sound_step(&fake_now)) != NULL) {
            fake_note.cs = pgm_read_byte(&p->cs);
            fake_note.ocr = pgm_read_byte(&p->ocr);
            fake_note.steps = sound_step_begin(&fake_now, p);
        }
    }
}

const sound_note_t *fake_sound_last(void)
{
    return fake_last;
}

uint32_t fake_sound_plays(void)
{
    return fake_plays;
}

sound_note_t fake_sound_note(void)
{
    return fake_note;
}
