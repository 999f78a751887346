/* hal/sound.h - tones on the board's sounder (contract; hal/README.md, "Sound"). Timer2
 * toggles its pin in hardware (no interrupt per cycle); the 2 kHz timer interrupt counts
 * each note's length in ms and steps to the next. A board without BOARD_SOUND: silent. */
#ifndef HAL_SOUND_H
#define HAL_SOUND_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board_check.h"

/* 1 where sounds are built in: a board with a sounder (BOARD_SOUND), and the host fake,
 * which always has one; 0 compiles every sound out of the image. */
#if defined(BOARD_SOUND) || !defined(__AVR__)
#define SOUND_FITTED 1
#else
#define SOUND_FITTED 0
#endif

#define SOUND_F_CPU 16000000ul
#define SOUND_TICK_HZ 2000u /* the timer interrupt's rate */
#define SOUND_STEP_HZ 1000u /* note lengths count every second interrupt: in ms */

/* A note as Timer2 plays it: clock select 1-7 (datasheet table 18-10: divide by
 * SOUND_DIV(cs)), 0 a rest; the compare value; its length in steps (ms), 0 the end. */
typedef struct {
    uint8_t cs;
    uint8_t ocr;
    uint16_t steps;
} sound_note_t;

/* Compile time, from a nominal frequency and length: the smallest divider whose compare
 * value fits 8 bits (the finest steps), the nearest half period, the frequency made. */
#define SOUND_DIV(cs)                                                                              \
    ((cs) == 1   ? 1ul                                                                             \
     : (cs) == 2 ? 8ul                                                                             \
     : (cs) == 3 ? 32ul                                                                            \
     : (cs) == 4 ? 64ul                                                                            \
     : (cs) == 5 ? 128ul                                                                           \
     : (cs) == 6 ? 256ul                                                                           \
                 : 1024ul)
/* The half period in timer counts, rounded: F_CPU / (2 * divider * hz); OCR2A one less. */
#define SOUND_HALF(hz, cs) ((SOUND_F_CPU + SOUND_DIV(cs) * (hz)) / (2ul * SOUND_DIV(cs) * (hz)))
#define SOUND_FITS(hz, cs) (SOUND_HALF(hz, cs) <= 256ul)
#define SOUND_CS(hz)                                                                               \
    ((hz) == 0           ? 0                                                                       \
     : SOUND_FITS(hz, 1) ? 1                                                                       \
     : SOUND_FITS(hz, 2) ? 2                                                                       \
     : SOUND_FITS(hz, 3) ? 3                                                                       \
     : SOUND_FITS(hz, 4) ? 4                                                                       \
     : SOUND_FITS(hz, 5) ? 5                                                                       \
     : SOUND_FITS(hz, 6) ? 6                                                                       \
                         : 7)
#define SOUND_OCR(hz) ((hz) == 0 ? 0 : SOUND_HALF(hz, SOUND_CS(hz)) - 1ul)
#define SOUND_NOTE(hz, ms)                                                                         \
    {                                                                                              \
        SOUND_CS(hz), SOUND_OCR(hz), (uint16_t)((ms) * (SOUND_STEP_HZ / 1000u))                    \
    }
/* The frequency made, in mHz (0: a rest). */
#define SOUND_MHZ(hz)                                                                              \
    ((hz) == 0                                                                                     \
         ? 0ull                                                                                    \
         : 1000ull * SOUND_F_CPU / (2ull * SOUND_DIV(SOUND_CS(hz)) * (SOUND_OCR(hz) + 1ull)))

/* Init: the pin low and an output, Timer2 stopped. */
void sound_init(void);

/* Runtime (main loop). */
/* Play `notes` (in flash, ended by a note of 0 steps) from the next step (ms) on,
 * cutting short any sound under way; NULL stops. Never waits. */
void sound_play(const sound_note_t *notes);
bool sound_busy(void); /* a sound is under way */

#endif
