/* sim/sound_wav.c - the sounder's pin as a WAV file (sound_wav.h). */
#include "sound_wav.h"

#include <math.h>
#include <string.h>

#define HEADER_BYTES 44u
#define HIGHPASS_HZ 20.0
#define PI 3.14159265358979323846

static void put_le(uint8_t *p, uint32_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> (8u * i));
}

/* The RIFF header of a mono 16-bit PCM file of `samples` samples. */
static void header(uint8_t h[HEADER_BYTES], uint32_t samples)
{
    uint32_t data = 2u * samples;
    memcpy(h, "RIFF", 4);
    put_le(h + 4, 36u + data, 4);
    memcpy(h + 8, "WAVEfmt ", 8);
    put_le(h + 16, 16, 4); /* fmt chunk size */
    put_le(h + 20, 1, 2);  /* PCM */
    put_le(h + 22, 1, 2);  /* mono */
    put_le(h + 24, SOUND_WAV_RATE, 4);
    put_le(h + 28, 2u * SOUND_WAV_RATE, 4); /* bytes a second */
    put_le(h + 32, 2, 2);                   /* bytes a frame */
    put_le(h + 34, 16, 2);                  /* bits a sample */
    memcpy(h + 36, "data", 4);
    put_le(h + 40, data, 4);
}

int sound_wav_open(sound_wav_t *w, const char *path, uint32_t f_cpu)
{
    uint8_t h[HEADER_BYTES];
    memset(w, 0, sizeof *w);
    w->cycles_per_sample = (double)f_cpu / SOUND_WAV_RATE;
    w->x1 = -1.0; /* a pin low from the start: no step at sample 0 */
    w->f = fopen(path, "wb");
    if (!w->f)
        return -1;
    header(h, 0);
    return fwrite(h, 1, sizeof h, w->f) == sizeof h ? 0 : -1;
}

/* The sample under way is complete: its mean level, high-passed, out. */
static void emit(sound_wav_t *w)
{
    static const double r = 1.0 - 2.0 * PI * HIGHPASS_HZ / SOUND_WAV_RATE;
    double x = 2.0 * w->high / w->cycles_per_sample - 1.0;
    double y = x - w->x1 + r * w->y1;
    w->x1 = x;
    w->y1 = y;
    double v = round(y * SOUND_WAV_AMPLITUDE);
    int16_t s = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
    uint8_t b[2] = {(uint8_t)s, (uint8_t)((uint16_t)s >> 8)};
    fwrite(b, 1, 2, w->f);
    w->sample++;
    w->high = 0;
}

/* The pin's current level accounted up to cycle. */
static void advance(sound_wav_t *w, double cycle)
{
    double end;
    while ((end = (double)(w->sample + 1) * w->cycles_per_sample) <= cycle) {
        w->high += w->level ? end - w->t : 0.0;
        w->t = end;
        emit(w);
    }
    w->high += w->level ? cycle - w->t : 0.0;
    w->t = cycle;
}

void sound_wav_edge(sound_wav_t *w, uint64_t cycle, int level)
{
    if (!w->f)
        return;
    advance(w, (double)cycle);
    w->level = level;
}

int sound_wav_close(sound_wav_t *w, uint64_t end_cycle)
{
    uint8_t h[HEADER_BYTES];
    if (!w->f)
        return -1;
    advance(w, (double)end_cycle);
    header(h, (uint32_t)w->sample);
    int bad = ferror(w->f) || fseek(w->f, 0, SEEK_SET) || fwrite(h, 1, sizeof h, w->f) != sizeof h;
    bad |= fclose(w->f) != 0;
    w->f = NULL;
    return bad ? -1 : 0;
}
