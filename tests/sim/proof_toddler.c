/* tests/sim/proof_toddler.c - a toddler at the board (issue 35), the second child model
 * beside proof_child.c's, from the play test that found the results wiped: seeded random
 * sessions of 60 s on the real firmware image, each forked from one booted board, of
 * palms (2-4 adjacent keys landing 1-8 ms apart, held 0.1-1.5 s), leans of 5 s (4.5-5.5),
 * bursts of 10 taps in 300 ms (on a key and its neighbour), taps and pauses (0.5-5 s),
 * each gesture 50 ms to 4/5 s after the last (act()). Per session: whether a saved
 * setting changed (setting_watch()), and the games counted (a `result:` line: a game in
 * the statistics). Then an adult comes (1.5 s later) and taps, 1.2 s apart, an empty cell (the centre while the
 * menu shows: its way out) until a tap is a move: the presses it took. */
#define _GNU_SOURCE
#include "proof.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define SESSION_MS 60000u
#define ADULT_MAX 10

typedef struct {
    setting_watch_t setting;
    int results, moves;
} watch_t;

static void watch_line(const char *line, void *ctx)
{
    watch_t *w = ctx;
    setting_watch(&w->setting, line);
    w->results += !strncmp(line, "result: ", 8);
    w->moves += !strncmp(line, "move: ", 6);
}

/* The orthogonal neighbours of each cell, -1 past the edge. */
static const int8_t neighbours[BOARD_CELLS][4] = {
    {1, 3, -1, -1}, {0, 2, 4, -1}, {1, 5, -1, -1}, {0, 4, 6, -1}, {1, 3, 5, 7},
    {2, 4, 8, -1},  {3, 7, -1, -1}, {4, 6, 8, -1}, {5, 7, -1, -1}};

/* n adjacent keys (a palm's or a burst's): a walk from a random cell. */
static uint16_t adjacent(int n)
{
    int c = (int)rnd_range(0, 8);
    uint16_t m = (uint16_t)(1u << c);
    while (popc(m) < n) {
        int d = neighbours[c][rnd_range(0, 3)];
        if (d >= 0) {
            m |= (uint16_t)(1u << d);
            c = rnd_range(0, 1) ? d : c;
        }
    }
    return m;
}

/* Keys of `m` down one by one 1-8 ms apart, held, up one by one. */
static int palm(void)
{
    uint16_t m = adjacent((int)rnd_range(2, 4)), down = 0;
    for (int c = 0; c < BOARD_CELLS; c++)
        if (m >> c & 1) {
            board_keys_set(down |= (uint16_t)(1u << c));
            if (board_run_ms(rnd_range(1, 8)) < 0)
                return -1;
        }
    if (board_run_ms(rnd_range(100, 1500)) < 0)
        return -1;
    for (int c = 0; c < BOARD_CELLS; c++)
        if (m >> c & 1) {
            board_keys_set(down &= (uint16_t)~(1u << c));
            if (board_run_ms(rnd_range(1, 8)) < 0)
                return -1;
        }
    return 0;
}

static int key_for(uint16_t m, uint32_t ms)
{
    board_keys_set(m);
    if (board_run_ms(ms) < 0)
        return -1;
    board_keys_set(0);
    return 0;
}

/* Ten taps in 300 ms on a key and its neighbour. */
static int burst(void)
{
    uint16_t m = adjacent(2);
    int a = __builtin_ctz(m), b = 15 - __builtin_clz((unsigned)m << 16);
    for (int k = 0; k < 10; k++)
        if (key_for((uint16_t)(1u << (rnd_range(0, 1) ? a : b)), 15) < 0 || board_run_ms(15) < 0)
            return -1;
    return 0;
}

static int toddler_event(void)
{
    uint32_t r = rnd_range(0, 99);
    int bad = r < 25   ? palm()
              : r < 40 ? key_for((uint16_t)(1u << rnd_range(0, 8)), rnd_range(4500, 5500))
              : r < 55 ? burst()
              : r < 85 ? key_for((uint16_t)(1u << rnd_range(0, 8)), rnd_range(60, 250))
                       : board_run_ms(rnd_range(500, 5000));
    return bad < 0 ? -1 : board_run_ms(rnd_range(50, 800));
}

/* The adult after the toddler: the presses until one is a move (ADULT_MAX + 1: never). */
static int adult(watch_t *w)
{
    if (board_run_ms(1500) < 0)
        return -1;
    for (int n = 1; n <= ADULT_MAX; n++) {
        const char *p = board_picture();
        int moves = w->moves, menu = !strchr(p, '.') && strchr(p, 'y');
        int cell = menu ? 4 : (int)(strchr(p, '.') ? strchr(p, '.') - p : 4);
        if (key_for((uint16_t)(1u << cell), 100) < 0 || board_run_ms(1100) < 0)
            return -1;
        if (w->moves > moves)
            return n;
    }
    return ADULT_MAX + 1;
}

typedef struct {
    int changed, results, adult;
} outcome_t;
static outcome_t *outcomes; /* shared: per session */

static void session(long i, void *ctx)
{
    watch_t w = {{0, 0, ""}, 0, 0};
    uint64_t end = board_now() + (uint64_t)SESSION_MS * 16000u;
    (void)ctx;
    proof_rng_state = 0x85ebca6bu ^ (uint32_t)(i * 2654435761u + 7u);
    board_on_line(watch_line, &w);
    while (board_now() < end)
        if (toddler_event() < 0 || board_status()->crashed) {
            proof_fail("toddler: session %ld: the chip stopped", i);
            return;
        }
    outcomes[i].changed = w.setting.changed != 0;
    outcomes[i].results = w.results;
    outcomes[i].adult = adult(&w);
    if (w.setting.changed && proof_debug)
        fprintf(stderr, "toddler: session %ld: %s\n", i, w.setting.what);
}

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int cmd_toddler(long sessions)
{
    double t0 = wall();
    long changed = 0, results = 0;
    int *adults;
    outcomes = mmap(NULL, sizeof *outcomes * (size_t)sessions, PROT_READ | PROT_WRITE,
                    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    adults = malloc(sizeof *adults * (size_t)sessions);
    if (outcomes == MAP_FAILED || !adults || boot() != 0 || board_run_ms(1000) < 0)
        return 1;
    long ran = run_trials(sessions, 1, session, NULL, "toddler session");
    for (long i = 0; i < sessions; i++) {
        changed += outcomes[i].changed;
        results += outcomes[i].results;
        adults[i] = outcomes[i].adult;
    }
    qsort(adults, (size_t)sessions, sizeof adults[0], by_value);
    printf("toddler_sessions %ld\n", ran);
    printf("toddler_setting_changes_percent %.1f\n", 100.0 * (double)changed / (double)sessions);
    printf("mash_games_counted_per_session %.2f\n", (double)results / (double)sessions);
    printf("adult_presses_after_mash %d\n", adults[(sessions * 9) / 10]);
    printf("adult_presses_after_mash_max %d\n", adults[sessions - 1]);
    printf("toddler_bench_seconds %.1f\n", wall() - t0);
    free(adults);
    if (proof_sh->bad || ran != sessions) {
        printf("sim_toddler: FAILED: %s\n", proof_sh->first_error[0] ? proof_sh->first_error
                                                                    : "not every session ran");
        return 1;
    }
    return 0;
}
