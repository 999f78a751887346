/* tests/sim/proof_stranger.c - a stranger at the board (issue 35): someone who wants one
 * setting changed and has no manual, on the real firmware image. The model, argued in
 * firmware/README.md ("Menu", "Who the menu is measured with"):
 *
 * - Comes to a board at rest before its first move (25 s idle: the centre has pulsed,
 *   and it is remembered as the board's one control); knows which menu cell holds the
 *   setting (the legend card names the cells) but no gesture.
 * - Each press: on the cell that draws the eye 9 times in 10 (outside the menu the
 *   centre, in the menu, all nine lit, the setting's cell), any cell 1 in 10 (a slip).
 * - Gestures at random, as people try them: a tap, a double tap (two taps 80-200 ms
 *   apart: two presses) or a hold, and on one cell each of the three once before any
 *   again (one that did nothing is not repeated at once).
 * - A hold lasts the stranger's patience, 0.3-3 s, except that the board's answer
 *   changes it: once the board changed and stayed still 250 ms, the stranger lets go; a
 *   board that keeps changing (a progress cue) keeps them holding, to 3 s at most.
 *   "Changed" is what a person sees: per cell its colours, its brightnesses (board_leds()
 *   shades) and whether it blinks, over the last 0.32 s (a pulse is a look, not a change),
 *   against how the board looked 0.3 s into the hold (a person's reaction time, and the
 *   LED picture's own: a die gone dark shows lit 0.26 s, sim/README.md).
 * - Looks 0.5-2 s at the board between presses; stops when the setting changed (its
 *   console line, which the stranger does not read) or after 40 presses (not found).
 *
 * Per setting: the presses of `n` strangers, their median and 90th percentile. */
#define _GNU_SOURCE
#include "proof.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define STRANGER_CAP 40
#define LOOK_SAMPLES 18 /* one per 18 ms: 0.32 s */
#define SAMPLE_MS 18u

typedef struct {
    const char *name;
    int cell;           /* the menu cell that holds it (0-8) */
    const char *line;   /* the console line that says it changed */
    int after_pick;     /* only as the menu's pick (a mode's `new:`) */
} target_t;

static const target_t targets[] = {
    {"mode", 1, "new: vs ai, you o", 1},   {"level", 3, "level: ", 0},
    {"sound", 5, "sound: ", 0},            {"colorblind", 7, "colorblind: ", 0},
    {"brightness", 8, "brightness: ", 0},
};
#define TARGETS (int)(sizeof targets / sizeof targets[0])

/* ---- what the stranger sees ---- */

static char seen[LOOK_SAMPLES][2][BOARD_CELLS + 1]; /* picture, shades; newest first */
static int seen_n;

static void look_sample(void)
{
    memmove(seen[1], seen[0], sizeof seen - sizeof seen[0]);
    memcpy(seen[0][0], board_picture(), BOARD_CELLS + 1);
    memcpy(seen[0][1], board_leds()->shades, BOARD_CELLS + 1);
    if (seen_n < LOOK_SAMPLES)
        seen_n++;
}

/* Per cell, over the samples: the colours seen, the shades seen, blinking or not. */
static void look(char out[3 * BOARD_CELLS + 1])
{
    for (int c = 0; c < BOARD_CELLS; c++) {
        unsigned colours = 0, shades = 0, blink = 0;
        for (int k = 0; k < seen_n; k++) {
            char p = seen[k][0][c], s = seen[k][1][c];
            colours |= p == '.' ? 1u : (p | 0x20) == 'r' ? 2u : (p | 0x20) == 'g' ? 4u : 8u;
            blink |= p >= 'A' && p <= 'Z';
            shades |= s >= '1' && s <= '4' ? 1u << (s - '1') : 0u;
        }
        out[3 * c] = (char)('a' + colours);
        out[3 * c + 1] = (char)('a' + shades);
        out[3 * c + 2] = (char)('0' + blink);
    }
    out[3 * BOARD_CELLS] = '\0';
}

static int run_looking(uint32_t ms)
{
    for (uint32_t t = 0; t < ms; t += SAMPLE_MS) {
        if (board_run_ms(SAMPLE_MS) < 0)
            return -1;
        look_sample();
    }
    return 0;
}

/* Nine lit and most of them yellow: the menu. */
static int menu_shown(void)
{
    const char *p = board_picture();
    int lit = 0, yellow = 0;
    for (int c = 0; c < BOARD_CELLS; c++) {
        lit += p[c] != '.';
        yellow += (p[c] | 0x20) == 'y';
    }
    return lit == BOARD_CELLS && yellow >= 7;
}

/* ---- what the stranger does ---- */

static int tap(int cell)
{
    board_keys_set((uint16_t)(1u << cell));
    if (run_looking(rnd_range(60, 150)) < 0)
        return -1;
    board_keys_set(0);
    return 0;
}

/* A hold: let go 250 ms after the board answered and went still, or at the patience's
 * end if nothing is changing then, or at 3 s. */
static int hold(int cell)
{
    uint32_t patience = rnd_range(300, 3000), t = 0, last = 0;
    int changed = 0;
    char before[3 * BOARD_CELLS + 1], now[3 * BOARD_CELLS + 1];
    board_keys_set((uint16_t)(1u << cell));
    if (run_looking(300) < 0)
        return -1;
    t = last = 300;
    seen_n = 0; /* the look from here on */
    look_sample();
    look(before);
    while (t < 3000u && !(changed && t - last >= 250u) && !(t >= patience && t - last >= 250u)) {
        if (run_looking(SAMPLE_MS) < 0)
            return -1;
        t += SAMPLE_MS;
        look(now);
        if (strcmp(now, before)) {
            changed = 1;
            last = t;
            memcpy(before, now, sizeof now);
        }
    }
    board_keys_set(0);
    if (proof_debug)
        fprintf(stderr, "stranger: hold %d: patience %u ms, let go at %u ms\n", cell + 1, patience, t);
    return 0;
}

typedef struct {
    int target, changed, picked_mode;
} watch_t;

static void watch_line(const char *line, void *ctx)
{
    watch_t *w = ctx;
    const target_t *t = &targets[w->target];
    if (proof_debug)
        fprintf(stderr, "stranger: %10.1f ms: %s\n", (double)board_now() / 16000.0, line);
    if (!strncmp(line, "menu: ", 6) && strstr(line, " chosen"))
        w->picked_mode = line[6] - '1' == t->cell;
    if (!strncmp(line, t->line, strlen(t->line)) && (!t->after_pick || w->picked_mode))
        w->changed = 1;
}

/* One stranger from the resting board: the presses until the setting changed, or
 * STRANGER_CAP + 1 (not found). */
static int stranger(long i, int target)
{
    int left[2][BOARD_CELLS] = {{0}}, order[2][BOARD_CELLS][3], presses = 0;
    watch_t w = {target, 0, 0};
    proof_rng_state = 0x27d4eb2fu ^ (uint32_t)(i * 2654435761u + (uint32_t)target * 97u + 3u);
    board_on_line(watch_line, &w);
    seen_n = 0;
    while (presses < STRANGER_CAP && !w.changed) {
        int menu = menu_shown(), cell = menu ? targets[target].cell : 4, g, r = 0;
        if (rnd_range(0, 9) == 0)
            cell = (int)rnd_range(0, 8);
        if (!left[menu][cell]) { /* the three gestures in a new random order */
            int *o = order[menu][cell];
            o[0] = 0, o[1] = 1, o[2] = 2;
            for (int k = 2; k > 0; k--) {
                int j = (int)rnd_range(0, (uint32_t)k), x = o[k];
                o[k] = o[j], o[j] = x;
            }
            left[menu][cell] = 3;
        }
        g = order[menu][cell][3 - left[menu][cell]--];
        if (proof_debug)
            fprintf(stderr, "stranger: press %d: %s on %d (%s)\n", presses + 1,
                    g == 0 ? "tap" : g == 1 ? "double tap" : "hold", cell + 1, menu ? "menu" : "board");
        if (g == 0) {
            r = tap(cell), presses += 1;
        } else if (g == 1) {
            r = tap(cell) || run_looking(rnd_range(80, 200)) || tap(cell), presses += 2;
        } else {
            r = hold(cell), presses += 1;
        }
        if (r || run_looking(rnd_range(500, 2000)) < 0)
            return -1;
    }
    return w.changed ? presses : STRANGER_CAP + 1;
}

static int *results; /* shared: per trial, its presses */

static void trial(long i, void *ctx)
{
    int target = *(const int *)ctx;
    results[i] = stranger(i, target);
    if (results[i] < 0)
        proof_fail("stranger: %s %ld: the chip stopped", targets[target].name, i);
}

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int cmd_stranger(long n)
{
    double t0 = wall();
    int worst_median = 0, worst_p90 = 0;
    results = mmap(NULL, sizeof(int) * (size_t)n, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (results == MAP_FAILED || boot() != 0 || board_run_ms(25000) < 0)
        return 1;
    for (int t = 0; t < TARGETS; t++) {
        long done = run_trials(n, 1, trial, &t, "stranger");
        qsort(results, (size_t)n, sizeof results[0], by_value);
        int median = results[n / 2], p90 = results[(n * 9) / 10], lost = 0;
        for (long i = 0; i < n; i++)
            lost += results[i] > STRANGER_CAP;
        printf("stranger_presses_median_%s %d\n", targets[t].name, median);
        printf("stranger_presses_p90_%s %d\n", targets[t].name, p90);
        printf("stranger_not_found_%s %d\n", targets[t].name, lost);
        worst_median = median > worst_median ? median : worst_median;
        worst_p90 = p90 > worst_p90 ? p90 : worst_p90;
        if (done != n)
            break;
    }
    printf("stranger_presses_median %d\n", worst_median);
    printf("stranger_presses_p90 %d\n", worst_p90);
    printf("stranger_strangers %ld\n", n * TARGETS);
    printf("stranger_bench_seconds %.1f\n", wall() - t0);
    if (proof_sh->bad) {
        printf("sim_stranger: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    return 0;
}
