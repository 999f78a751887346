/* hal/avr/sound_hw.h - HAL-internal: the sounder's step in the timer interrupt (tick.c)
 * and its state, shared with sound.c. Interrupt context: a flag test while silent; while
 * a sound plays a count each ms, and at a note's end four register writes. Only on a
 * board with BOARD_SOUND. */
#ifndef HAL_AVR_SOUND_HW_H
#define HAL_AVR_SOUND_HW_H
#include <avr/io.h>

#include "attributes.h"
#include "board_io.h"
#include "hal_isr.h"
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

/* Inlined into the interrupt: a call would make it save every call-clobbered register on
 * each of its 2000 entries a second. */
static inline ATTR_ALWAYS_INLINE void sound_hw_note(uint8_t cs, uint8_t ocr)
{
    TCCR2B = 0; /* stopped while the compare value changes */
    if (cs) {
        OCR2A = ocr;
        TCNT2 = 0;
        TCCR2A = SOUND_TCCR2A_ON;
        TCCR2B = cs; /* CS22:0 select the divider (datasheet table 18-10) */
    } else {
        TCCR2A = SOUND_TCCR2A_OFF; /* a rest or the end */
    }
}

/* Interrupt, once a ms: the sound under way (TICK_F_SOUND set while one is). */
static inline ATTR_ALWAYS_INLINE void sound_hw_step(void)
{
    const sound_note_t *p;
    if (!(TICK_FLAGS_GPIOR & (1u << TICK_F_SOUND)) || !(p = sound_step(&sound_now))) {
        return;
    }
    sound_hw_note(pgm_read_byte(&p->cs), pgm_read_byte(&p->ocr));
    if (!sound_step_begin(&sound_now, p)) {
        TICK_FLAGS_GPIOR &= (uint8_t) ~(1u << TICK_F_SOUND);
    }
}
#endif

#endif
