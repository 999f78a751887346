/* hal/host/sound.c - fake sounder: the chip's note stepping (sound_step.h) driven by
 * fake time (2 steps per ms of fake_tick_advance), recording what was started. */
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

bool sound_fitted(void)
{
    return true; /* the fake has one, whatever the board */
}

void fake_sound_steps(uint32_t steps)
{
    sound_note_t n;
    while (steps--) {
        if (sound_step(&fake_now, &n)) {
            fake_note = n;
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
