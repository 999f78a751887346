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

static int worker_fuzz(uint32_t seed, long events)
{
    proof_rng_state = seed;
    uint64_t grace_until = 0;
    char last_checked[BOARD_CELLS + 1] = "";
    long done = 0, checked = 0, skipped = 0, transient = 0;
    uint64_t illegal_since = 0;
    edge_t e[256];
    int ready0 = proof_ready_lines;
    while (done < events && proof_sh->bad == 0) {
        int n = 0;
        uint64_t t0 = board_now() + BOARD_MS(1);
        uint64_t last_up = t0;
        int keys = rnd() % 100 < 85 ? 1 : (int)rnd_range(2, 3);
        int long_press = 0;
        uint16_t used = 0;
        cap_clear();
        for (int k = 0; k < keys; k++) {
            int cell;
            do
                cell = (int)rnd_range(0, 8);
            while (used >> cell & 1);
            used |= (uint16_t)(1u << cell);
            uint64_t start = t0 + (k ? rnd_range(0, 40) : 0) * BOARD_MS(1);
            uint32_t hold = rnd() % 100 < 1 ? rnd_range(800, 1300) : rnd_range(15, 70);
            if (hold >= 700)
                long_press = 1;
            n = add_edge(e, n, start, cell, 1);
            uint64_t up = start + BOARD_MS(hold);
            n = add_edge(e, n, up, cell, 0);
            if (up > last_up)
                last_up = up;
            done += 2;
        }
        qsort(e, (size_t)n, sizeof e[0], edge_cmp);
        if (proof_debug)
            for (int i = 0; i < n; i++)
                fprintf(stderr, "%10.3f ms key %d %s\n", (double)e[i].at / 16000.0,
                        e[i].cell + 1, e[i].down ? "down" : "up");
        uint16_t mask = board_keys();
        for (int i = 0; i < n; i++) {
            mask = e[i].down ? (uint16_t)(mask | 1u << e[i].cell)
                             : (uint16_t)(mask & ~(1u << e[i].cell));
            board_keys_at(e[i].at, mask);
        }
        uint64_t end = last_up + BOARD_MS(6) + BOARD_MS(rnd_range(5, 40));
        if (long_press)
            grace_until = last_up + BOARD_MS(3500);
        while (board_now() < end) {
            if (board_run_until(board_now() + BOARD_WINDOW_CYCLES) < 0)
                break;
            /* the same illegal picture past a blink is a failure (a blink's dark half
             * lasts 250 ms: a fresh blinking mark can be missing that long) */
            if (illegal_since && board_picture_since() == illegal_since &&
                board_now() - illegal_since >= BOARD_MS(BOARD_BLINK_MAX_MS) &&
                board_now() >= grace_until) {
                proof_fail("fuzz seed %u: illegal picture %s for %d ms after %ld events", seed,
                     board_picture(), BOARD_BLINK_MAX_MS, done);
                illegal_since = 0;
            }
            if (!stable() || !strcmp(last_checked, board_picture()))
                continue;
            strcpy(last_checked, board_picture());
            if (proof_debug)
                fprintf(stderr, "%10.1f ms leds %s keys %03x\n", (double)board_now() / 16000.0,
                        board_picture(), board_keys());
            if (board_now() < grace_until) {
                skipped++;
                continue;
            }
            checked++;
            if (pic_legal(pic_parse(board_picture()))) {
                illegal_since = 0;
            } else {
                /* may be a fresh blink starting in its dark half: fail if it lasts */
                illegal_since = board_picture_since();
                transient++;
                if (proof_debug)
                    fprintf(stderr, "transient illegal picture %s\n", board_picture());
            }
        }
        if (long_press && cap_find("menu: 1 x") >= 0) {
            /* The menu opened (before the person's first move, or at game over), whose
             * pictures are no board's: a long press alone closes it unchanged. */
            if (board_press(0, 1000) < 0 || board_run_ms(50) < 0)
                break;
            if (cap_find("menu: closed") < 0)
                proof_fail("fuzz seed %u: a long press did not close the menu", seed);
            grace_until = board_now() + BOARD_MS(3500);
        }
        check_chip("fuzz");
        if (proof_ready_lines != ready0)
            proof_fail("fuzz seed %u: the firmware rebooted (banner seen again)", seed);
        if (proof_sh->bad)
            break;
    }
    __atomic_fetch_add(&proof_sh->events, done, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->checked, checked, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->skipped, skipped, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&proof_sh->transient, transient, __ATOMIC_SEQ_CST);
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
