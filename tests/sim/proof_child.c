/* tests/sim/proof_child.c - a child at the board (issue 26): seeded random sessions of
 * 60 s on the real firmware image, each forked from one booted board, mixing leans
 * (a key held 1-4 s, then 6 taps: the play test's pattern) and free mashing (taps, holds
 * of 0.2-4 s, two keys at once, pauses of 0-5 s). A session counts when a saved setting
 * changed: a `level:`, `sound:`, `colorblind:` or `brightness:` line, or a `new:` line
 * right after a menu pick of cells 1-3 (a mode pick starts a new game, same mode or not).
 * Then an adult follows the legend for each setting (hold 5 until the menu shows, tap the
 * cell, tap it again), looking at the board a second between presses: the presses it
 * takes. */
#define _GNU_SOURCE
#include "proof.h"

#include <string.h>

#define SESSION_MS 60000u

typedef setting_watch_t watch_t;

static void watch_line(const char *line, void *ctx)
{
    setting_watch(ctx, line);
}

/* Keys `mask` down for ms, then up, then a gap of gap_ms. */
static int keys_for(uint16_t mask, uint32_t ms, uint32_t gap_ms)
{
    board_keys_set(mask);
    if (board_run_ms(ms) < 0)
        return -1;
    board_keys_set(0);
    return board_run_ms(gap_ms);
}

static uint16_t any_cell(void) { return (uint16_t)(1u << rnd_range(0, 8)); }

/* A lean of 1-4 s on one key, then 6 taps. */
static int lean(void)
{
    if (keys_for(any_cell(), rnd_range(1000, 4000), rnd_range(100, 600)) < 0)
        return -1;
    for (int i = 0; i < 6; i++)
        if (keys_for(any_cell(), rnd_range(60, 200), rnd_range(100, 600)) < 0)
            return -1;
    return 0;
}

/* One mashing event: a tap, a hold of 0.2-4 s, two keys at once, or a pause of 0-5 s. */
static int mash(void)
{
    uint32_t r = rnd_range(0, 99);
    if (r < 40)
        return keys_for(any_cell(), rnd_range(60, 200), rnd_range(50, 400));
    if (r < 70)
        return keys_for(any_cell(), rnd_range(200, 4000), rnd_range(50, 400));
    if (r < 85) {
        uint16_t a = any_cell(), b = any_cell();
        board_keys_set(a);
        if (board_run_ms(rnd_range(0, 100)) < 0)
            return -1;
        return keys_for((uint16_t)(a | b), rnd_range(200, 4000), rnd_range(50, 400));
    }
    return board_run_ms(rnd_range(0, 5000));
}

static void session(long i, void *ctx)
{
    watch_t w = {0, 0, ""};
    uint64_t end = board_now() + (uint64_t)SESSION_MS * 16000u;
    (void)ctx;
    proof_rng_state = 0x9e3779b9u ^ (uint32_t)(i * 2654435761u + 1u);
    board_on_line(watch_line, &w);
    while (board_now() < end) {
        int bad = rnd_range(0, 1) ? lean() : mash();
        if (bad < 0 || board_status()->crashed) {
            proof_fail("child: session %ld: the chip stopped", i);
            return;
        }
        if (rnd_range(0, 1) && board_run_ms(rnd_range(0, 5000)) < 0)
            return;
    }
    __atomic_add_fetch(&proof_sh->trials, 1, __ATOMIC_SEQ_CST);
    if (w.changed) {
        __atomic_add_fetch(&proof_sh->detected, 1, __ATOMIC_SEQ_CST);
        if (proof_debug)
            fprintf(stderr, "child: session %ld: %s\n", i, w.what);
    }
}

/* An adult, from the booted board: hold the menu's cell past its hold, tap the cell, tap
 * it again, 1 s between presses; the presses until the setting's line (0: it never came). */
static int adult(int cell, const char *expect)
{
    watch_t w = {0, 0, ""};
    int presses = 0;
    board_on_line(watch_line, &w);
    static const uint32_t steps[][2] = {{PROOF_MENU_OPEN, PROOF_MENU_HOLD_MS}, {0, 100}, {0, 100}};
    for (int k = 0; k < 3 && !w.changed; k++) {
        presses++;
        if (keys_for((uint16_t)(1u << ((steps[k][0] ? (int)steps[k][0] : cell) - 1)), steps[k][1], 1000) < 0)
            return 0;
    }
    return w.changed && !strncmp(w.what, expect, strlen(expect)) ? presses : 0;
}

static const struct {
    const char *name;
    int cell;
    const char *expect;
} settings[] = {
    {"mode", PROOF_MENU_MODEAI_O, "new: vs ai, you o"},
    {"level", PROOF_MENU_LEVEL, "level: medium"},
    {"sound", PROOF_MENU_SOUND, "sound: quiet"},
    {"colorblind", PROOF_MENU_COLOUR_BLIND, "colorblind: "}, /* whichever it was, it changes */
    {"brightness", PROOF_MENU_BRIGHTNESS, "brightness: medium"},
};
#define SETTINGS (int)(sizeof settings / sizeof settings[0])

int cmd_child(long sessions)
{
    double t0 = wall();
    int worst = 0;
    if (boot() != 0 || board_run_ms(1000) < 0)
        return 1;
    run_trials(sessions, 1, session, NULL, "child session");
    for (int s = 0; s < SETTINGS; s++) {
        int fd, n = 0;
        pid_t pid = fork_sim(&fd);
        if (pid == 0) {
            n = adult(settings[s].cell, settings[s].expect);
            finish_sim(fd, &n, sizeof n);
        }
        if (pid > 0 && collect_sim(pid, fd, &n, sizeof n, settings[s].name) == 0 && !n)
            proof_fail("child: following the legend did not set the %s", settings[s].name);
        printf("adult_presses_%s %d\n", settings[s].name, n);
        worst = n > worst ? n : worst;
    }
    printf("adult_presses_max %d\n", worst);
    printf("child_sessions %ld\n", proof_sh->trials);
    printf("child_setting_changes_percent %.1f\n",
           proof_sh->trials ? 100.0 * (double)proof_sh->detected / (double)proof_sh->trials
                            : 100.0);
    printf("child_bench_seconds %.1f\n", wall() - t0);
    if (proof_sh->bad || proof_sh->trials != sessions) {
        printf("sim_child: FAILED: %s\n", proof_sh->first_error[0] ? proof_sh->first_error
                                                                  : "not every session ran");
        return 1;
    }
    return 0;
}
