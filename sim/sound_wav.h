/* sim/sound_wav.h - the sounder's pin as a WAV file: mono, 16-bit PCM, 44.1 kHz, in
 * simulated time. Each sample is the pin's level averaged over its 1/44100 s (a box
 * filter on the exact edge times), the pin's 0/1 taken as -1/+1, then a first-order
 * high-pass at 20 Hz removes the DC (a pin that stops toggling decays to silence, as a
 * piezo does). */
#ifndef SIM_SOUND_WAV_H
#define SIM_SOUND_WAV_H
#include <stdint.h>
#include <stdio.h>

#define SOUND_WAV_RATE 44100u
#define SOUND_WAV_AMPLITUDE 12000.0 /* a toggling pin's swing; its start peaks at twice */

typedef struct {
    FILE *f;
    double cycles_per_sample;
    double t;        /* the cycle accounted up to */
    double high;     /* cycles the pin was high in the sample under way */
    uint64_t sample; /* the sample under way */
    int level;
    double x1, y1; /* the high-pass's last input and output */
} sound_wav_t;

/* Open path and write the header (sizes patched by sound_wav_close); 0, or -1. */
int sound_wav_open(sound_wav_t *w, const char *path, uint32_t f_cpu);
/* The pin went to level at cycle (cycles in order). */
void sound_wav_edge(sound_wav_t *w, uint64_t cycle, int level);
/* Samples up to end_cycle, the sizes into the header, closed; 0, or -1 on a write error. */
int sound_wav_close(sound_wav_t *w, uint64_t end_cycle);

#endif
