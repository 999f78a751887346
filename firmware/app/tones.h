/* firmware/app/tones.h - the sounds of firmware/game/sounds.h as notes for sound_play(). */
#ifndef TONES_H
#define TONES_H
#include <stdint.h>

#include "sound.h"

/* The notes of sound id (SOUNDS_*), in flash; NULL: none. */
const sound_note_t *tones_notes(uint8_t id);

#endif
