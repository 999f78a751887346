/* firmware/app/print_sounds.c - the sound table (sounds.h) as build/gen/sounds.json for
 * the docs, the simulators and the tests: each note's hz as Timer2 makes it (0: a rest),
 * from the notes the firmware plays (tones.c); then the cells' voices ("voices": each
 * cell 1-9 and mark x, o or empty, named like "x5"). Host program. */
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

#define PRINT_SOUNDS_MARK(mark, cell, notes) #mark,
static const char *const print_sounds_marks[SOUNDS_MARK_N] = {
    SOUNDS_MARKS(PRINT_SOUNDS_MARK, SOUNDS_NO_NOTES, 0, 0)};

static void print_sounds_voices(void)
{
    printf("], \"voices\": [\n");
    for (uint8_t c = 0; c < SOUNDS_CELLS_N; c++) {
        for (uint8_t m = 0; m < SOUNDS_MARK_N; m++) {
            const char *mark = print_sounds_marks[m];
            printf("  {\"name\": \"%.1s%u\", \"cell\": %u, \"mark\": \"%s\", \"notes\": ", mark,
                   c + 1u, c + 1u, mark);
            print_sounds_notes(tones_notes(SOUNDS_VOICE(m, c)));
            printf("}%s\n", c + 1u < SOUNDS_CELLS_N || m + 1u < SOUNDS_MARK_N ? "," : "");
        }
    }
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
    print_sounds_voices();
    printf("]}\n");
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
