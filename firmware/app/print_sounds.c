/* firmware/app/print_sounds.c - the sound table (sounds.h) as build/gen/sounds.json for
 * the docs, the simulators and the tests: each note's hz as Timer2 makes it (0: a rest),
 * from the notes the firmware plays (tones.c). Host program. */
#include <stdio.h>
#include <string.h>

#include "sounds.h"
#include "tones.h"

typedef struct {
    const char *name, *when;
    int quiet;
} print_sounds_entry_t;

#define PRINT_SOUNDS_ENTRY(name, when, quiet, notes) {#name, when, quiet},
static const print_sounds_entry_t print_sounds_entries[] = {
    SOUNDS(PRINT_SOUNDS_ENTRY, SOUNDS_NO_NOTES)};
_Static_assert(sizeof print_sounds_entries / sizeof print_sounds_entries[0] == SOUNDS_N,
               "an entry per sound");

static double print_sounds_hz(const sound_note_t *n)
{
    return n->cs ? (double)SOUND_F_CPU / (2.0 * (double)SOUND_DIV(n->cs) * (n->ocr + 1.0)) : 0.0;
}

static void print_sounds_notes(const sound_note_t *n)
{
    printf("[");
    for (; n->steps; n++) {
        printf("{\"hz\": %.3f, \"ms\": %u}%s", print_sounds_hz(n),
               (unsigned)(n->steps / (SOUND_STEP_HZ / 1000u)), n[1].steps ? ", " : "");
    }
    printf("]");
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1) {
        fprintf(stderr, "usage: print_sounds\n");
        return 2;
    }
    printf("{\"tick_hz\": %u, \"sounds\": [\n", SOUND_TICK_HZ);
    for (uint8_t i = 0; i < SOUNDS_N; i++) {
        const print_sounds_entry_t *e = &print_sounds_entries[i];
        if (strpbrk(e->when, "\"\\|")) { /* JSON and Markdown as it is */
            fprintf(stderr, "print_sounds: %s: a quote, backslash or bar in its entry\n", e->name);
            return 1;
        }
        printf("  {\"name\": \"%s\", \"when\": \"%s\", \"quiet\": %s, \"notes\": ", e->name,
               e->when, e->quiet ? "true" : "false");
        print_sounds_notes(tones_notes(i));
        printf("}%s\n", i + 1u < SOUNDS_N ? "," : "");
    }
    printf("]}\n");
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
