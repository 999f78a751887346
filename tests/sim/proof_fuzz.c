/* tests/sim/proof_fuzz.c - random button gestures with contact bounce and chords;
 * every stable picture must be a legal board (or an overlay), no reboot, no watchdog.
 * Starts with a harness self-check: a hung firmware must come back as a watchdog reset. */
#define _GNU_SOURCE
#include "proof.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sim_avr.h>

/* ---- 2. random button events with bounce --------------------------------------- */

typedef struct {
    uint64_t at;
    int cell, down;
} edge_t;

static int edge_cmp(const void *a, const void *b)
{
    const edge_t *ea = a, *eb = b;
    return ea->at < eb->at ? -1 : ea->at > eb->at;
}

/* A contact edge with 0-5 ms of chatter before it settles at `down`. */
static int add_edge(edge_t *e, int n, uint64_t at, int cell, int down)
{
    uint32_t chatter_us = rnd_range(0, 5000);
    uint64_t t = at;
    uint64_t settle = at + chatter_us * 16ull;
    int level = down;
    while (t < settle) {
        e[n++] = (edge_t){t, cell, level};
        level = !level;
        t += rnd_range(20, 800) * 16ull; /* 20-800 us per bounce */
        if (n > 190)
            break;
    }
    e[n++] = (edge_t){settle > t ? settle : t, cell, down};
    return n;
}

/* One worker's state across its gestures. */
typedef struct {
    uint32_t seed;
    uint64_t grace_until;    /* overlays (menu, long-press cues) may show until then */
    uint64_t illegal_since;  /* when the current illegal picture appeared, or 0 */
    char last_checked[BOARD_CELLS + 1];
    long done, checked, skipped, transient;
} fuzz_worker_t;

/* One random gesture: 1 key (85%) or a chord of 2-3, each held 15-70 ms (1%: 0.8-1.3 s,
 * a long press), as edges in time order. */
typedef struct {
    edge_t e[256];
    int n;
    uint64_t last_up;
    int long_press;
} gesture_t;

static void gesture_make(gesture_t *g, long *done)
{
    uint64_t t0 = board_now() + BOARD_MS(1);
    int keys = rnd() % 100 < 85 ? 1 : (int)rnd_range(2, 3);
    uint16_t used = 0;
    g->n = 0;
    g->last_up = t0;
    g->long_press = 0;
    for (int k = 0; k < keys; k++) {
        int cell;
        do
            cell = (int)rnd_range(0, 8);
        while (used >> cell & 1);
        used |= (uint16_t)(1u << cell);
        uint64_t start = t0 + (k ? rnd_range(0, 40) : 0) * BOARD_MS(1);
        uint32_t hold = rnd() % 100 < 1 ? rnd_range(800, 1300) : rnd_range(15, 70);
        if (hold >= 700)
            g->long_press = 1;
        g->n = add_edge(g->e, g->n, start, cell, 1);
        uint64_t up = start + BOARD_MS(hold);
        g->n = add_edge(g->e, g->n, up, cell, 0);
        if (up > g->last_up)
            g->last_up = up;
        *done += 2;
    }
    qsort(g->e, (size_t)g->n, sizeof g->e[0], edge_cmp);
}

/* Hand the gesture's edges to the key matrix, at their times. */
static void gesture_schedule(const gesture_t *g)
{
    if (proof_debug)
        for (int i = 0; i < g->n; i++)
            fprintf(stderr, "%10.3f ms key %d %s\n", (double)g->e[i].at / 16000.0,
                    g->e[i].cell + 1, g->e[i].down ? "down" : "up");
    uint16_t mask = board_keys();
    for (int i = 0; i < g->n; i++) {
        mask = g->e[i].down ? (uint16_t)(mask | 1u << g->e[i].cell)
                            : (uint16_t)(mask & ~(1u << g->e[i].cell));
        board_keys_at(g->e[i].at, mask);
    }
}

/* The picture after one window: the same illegal picture past a blink is a failure (a
 * blink's dark half lasts 250 ms: a fresh blinking mark can be missing that long); a
 * new stable picture outside the grace time must be legal, or become so. */
static void check_window(fuzz_worker_t *w)
{
    if (w->illegal_since && board_picture_since() == w->illegal_since &&
        board_now() - w->illegal_since >= BOARD_MS(BOARD_BLINK_MAX_MS) &&
        board_now() >= w->grace_until) {
        proof_fail("fuzz seed %u: illegal picture %s for %d ms after %ld events", w->seed,
             board_picture(), BOARD_BLINK_MAX_MS, w->done);
        w->illegal_since = 0;
    }
    if (!stable() || !strcmp(w->last_checked, board_picture()))
        return;
    strcpy(w->last_checked, board_picture());
    if (proof_debug)
        fprintf(stderr, "%10.1f ms leds %s keys %03x\n", (double)board_now() / 16000.0,
                board_picture(), board_keys());
    if (board_now() < w->grace_until) {
        w->skipped++;
        return;
    }
    w->checked++;
    if (pic_legal(pic_parse(board_picture()))) {
        w->illegal_since = 0;
    } else {
        /* may be a fresh blink starting in its dark half: fail if it lasts */
        w->illegal_since = board_picture_since();
        w->transient++;
        if (proof_debug)
            fprintf(stderr, "transient illegal picture %s\n", board_picture());
    }
}

/* After a long press: if the menu opened (before the person's first move, or at game
 * over), whose pictures are no board's, a long press alone closes it unchanged.
 * -1 if the simulation stopped. */
static int close_menu_if_open(fuzz_worker_t *w)
{
    if (cap_find("menu: 1 x") < 0)
        return 0;
    if (board_press(0, 1000) < 0 || board_run_ms(50) < 0)
        return -1;
    if (cap_find("menu: closed") < 0)
        proof_fail("fuzz seed %u: a long press did not close the menu", w->seed);
    w->grace_until = board_now() + BOARD_MS(3500);
    return 0;
}

/* One gesture and the quiet time after it, every window checked. -1 to stop. */
static int fuzz_gesture(fuzz_worker_t *w, int ready0)
{
    gesture_t g;
    cap_clear();
    gesture_make(&g, &w->done);
    gesture_schedule(&g);
    uint64_t end = g.last_up + BOARD_MS(6) + BOARD_MS(rnd_range(5, 40));
    if (g.long_press)
        w->grace_until = g.last_up + BOARD_MS(3500);
    while (board_now() < end) {
        if (board_run_until(board_now() + BOARD_WINDOW_CYCLES) < 0)
            break;
        check_window(w);
    }
    if (g.long_press && close_menu_if_open(w) < 0)
        return -1;
    check_chip("fuzz");
    if (proof_ready_lines != ready0)
        proof_fail("fuzz seed %u: the firmware rebooted (banner seen again)", w->seed);
    return proof_sh->bad ? -1 : 0;
}

static int worker_fuzz(uint32_t seed, long events)
{
    fuzz_worker_t w = {.seed = seed};
    int ready0 = proof_ready_lines;
    proof_rng_state = seed;
    while (w.done < events && proof_sh->bad == 0)
        if (fuzz_gesture(&w, ready0) < 0)
            break;
    __atomic_fetch_add(&proof_sh->events, w.done, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->checked, w.checked, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->skipped, w.skipped, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->transient, w.transient, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->ghost_windows, (long)board_ghost_windows(), __ATOMIC_SEQ_CST);
    return 0;
}

/* Harness self-check: a firmware hang must show up as a watchdog reset, both kinds: a
 * main loop stuck with interrupts on (`sei; rjmp .`: the watchdog interrupt marks it and
 * resets at once) and a hang with interrupts off (`cli; rjmp .`: the hardware resets at
 * the second time-out). The loop is written at the end of the application flash. */
static int watchdog_selfcheck_one(int interrupts_on, uint32_t ms)
{
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return -1;
    if (pid == 0) {
        avr_t *avr = board_avr();
        uint32_t at = 0x6ff0; /* below the 2 KB boot section, above the image */
        avr->flash[at] = 0xf8;     /* cli = 0x94f8, sei = 0x9478 */
        avr->flash[at + 1] = 0x94;
        if (interrupts_on)
            avr->flash[at] = 0x78;
        avr->flash[at + 2] = 0xff; /* rjmp .-2 = 0xcfff */
        avr->flash[at + 3] = 0xcf;
        avr->pc = at;
        proof_ready_lines = 0;
        cap_clear();
        board_run_ms(ms);
        int ok = board_status()->wdt_resets == 1 && cap_find("ttt: watchdog reset") >= 0;
        finish_sim(fd, &ok, sizeof ok);
    }
    int ok = 0;
    if (collect_sim(pid, fd, &ok, sizeof ok, "watchdog self-check") != 0)
        ok = 0;
    return ok ? 0 : -1;
}

static int watchdog_selfcheck(void)
{
    return watchdog_selfcheck_one(1, 3000) == 0 && watchdog_selfcheck_one(0, 5000) == 0 ? 0
                                                                                         : -1;
}

int cmd_fuzz(long events)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    if (watchdog_selfcheck() != 0) {
        printf("sim_fuzz: FAILED: harness self-check: a hung firmware (interrupts on, or "
               "off) did not show up as one watchdog reset with 'ttt: watchdog reset'\n");
        return 1;
    }
    for (int w = 0; w < (proof_debug ? 1 : NPROC); w++) {
        if (fork() == 0) {
            uint32_t seed = 0x9e3779b9u * (uint32_t)(w + 1);
            if (getenv("SIM_SEED"))
                seed = (uint32_t)strtoul(getenv("SIM_SEED"), NULL, 0);
            worker_fuzz(seed, events / NPROC);
            _exit(0);
        }
    }
    while (reap_any_sim("fuzz worker") > 0)
        ;
    printf("sim_fuzz: harness self-check ok (a hang, with interrupts on or off, is seen as "
           "a watchdog reset)\n");
    printf("sim_fuzz: button events %ld (press/release edges, each with 0-5 ms of bounce; 15%% "
           "of gestures are 2-3 keys at once, 1%% long), pictures checked %ld, skipped as "
           "overlays %ld, illegal for < 300 ms %ld, ghost windows %ld, failures %ld, %.1f s\n",
           proof_sh->events, proof_sh->checked, proof_sh->skipped, proof_sh->transient,
           proof_sh->ghost_windows, proof_sh->bad, wall() - t0);
    if (proof_sh->bad || proof_sh->events < events) {
        printf("sim_fuzz: FAILED: %s\n", proof_sh->bad ? proof_sh->first_error : "events missing");
        return 1;
    }
    printf("sim_fuzz: ok\n");
    return 0;
}
