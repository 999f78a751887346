/* hal/avr/sound_hw.h - HAL-internal: the sounder's step in the timer interrupt (tick.c)
 * and its state, shared with sound.c. Interrupt context: count, and at a note's end
 * four register writes. Only on a board with BOARD_SOUND. */
#ifndef HAL_AVR_SOUND_HW_H
#define HAL_AVR_SOUND_HW_H
#include <avr/io.h>

#include "board_io.h"
#include "sound_step.h"

#ifdef BOARD_SOUND
_Static_assert(BOARD_SOUND == BOARD_PIN(BOARD_PORT_B, 3), "Timer2 toggles OC2A: PB3 (D11)");
#define SOUND_PORT BOARD_IO(PORT, BOARD_SOUND)
#define SOUND_DDR BOARD_IO(DDR, BOARD_SOUND)
/* Timer2 in CTC (WGM21: counts 0..OCR2A, datasheet table 18-8); with COM2A0 each compare
 * toggles OC2A, so a tone of F_CPU / (2 * divider * (OCR2A + 1)); without it the pin is
 * PORTB3, low: silence. */
#define SOUND_TCCR2A_ON ((uint8_t)((1u << COM2A0) | (1u << WGM21)))
#define SOUND_TCCR2A_OFF ((uint8_t)(1u << WGM21))

extern volatile sound_step_t sound_now;

static inline void sound_hw_note(const sound_note_t *n)
{
    TCCR2B = 0; /* stopped while the compare value changes */
    if (n->cs) {
        OCR2A = n->ocr;
        TCNT2 = 0;
        TCCR2A = SOUND_TCCR2A_ON;
        TCCR2B = n->cs; /* CS22:0 select the divider (datasheet table 18-10) */
    } else {
        TCCR2A = SOUND_TCCR2A_OFF; /* a rest or the end */
    }
}

/* Interrupt: one 2 kHz step of the sound under way. */
static inline void sound_hw_step(void)
{
    sound_note_t n;
    if (sound_step(&sound_now, &n)) {
        sound_hw_note(&n);
    }
}
#endif

#endif
