/* hal/avr/sound.c - the sounder on Timer2 (hal/sound.h): the main loop hands a sound to
 * the timer interrupt, which steps its notes (sound_hw.h). Compiled to calls that do
 * nothing on a board without BOARD_SOUND. */
#include "sound.h"

#include <util/atomic.h>

#include "sound_hw.h"

#ifdef BOARD_SOUND
volatile sound_step_t sound_now;

void sound_init(void)
{
    TCCR2B = 0;
    TCCR2A = SOUND_TCCR2A_OFF;
    SOUND_PORT &= (uint8_t)~BOARD_PIN_MASK(BOARD_SOUND); /* low, then an output */
    SOUND_DDR |= BOARD_PIN_MASK(BOARD_SOUND);
    sound_play(NULL);
}

void sound_play(const sound_note_t *notes)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        sound_step_start(&sound_now, notes);
        if (notes) {
            TICK_FLAGS_GPIOR |= (uint8_t)(1u << TICK_F_SOUND);
        } else {
            TICK_FLAGS_GPIOR &= (uint8_t) ~(1u << TICK_F_SOUND);
            sound_hw_note(0, 0);
        }
    }
}

bool sound_busy(void)
{
    bool busy;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        busy = sound_now.left != 0;
    }
    return busy;
}
#else
void sound_init(void)
{
}

void sound_play(const sound_note_t *notes)
{
    (void)notes;
}

bool sound_busy(void)
{
    return false;
}
#endif
