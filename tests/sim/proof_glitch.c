/* tests/sim/proof_glitch.c - a contact shorter than the debounce time is never a press,
 * whatever the main loop is doing. Clean contacts of 3 ms and 8 ms on a key are swept
 * in 0.75 ms steps (2 phases of the 1.5 ms key scan) across the longest main-loop
 * passes of a game:
 *   save    the game-ending move and the end-of-game statistics save (27 EEPROM bytes,
 *           about 92 ms), where a phantom press would start a new game;
 *   ai      the AI's reply (table lookup), where a phantom press would be a move;
 *   solver  the same with the table damaged, so the fallback solver thinks for ms.
 * Each run forks the board at the same instant; its console transcript must equal that
 * of the run without a contact. */
#define _GNU_SOURCE
#include "proof.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define STEP_CYCLES (BOARD_MS(3) / 4)

static char lines_buf[4096];
static size_t lines_len;

static void on_line_glitch(const char *line, void *ctx)
{
    (void)ctx;
    size_t n = strlen(line);
    if (lines_len + n + 2 < sizeof lines_buf) {
        memcpy(lines_buf + lines_len, line, n);
        lines_len += n;
        lines_buf[lines_len++] = '\n';
        lines_buf[lines_len] = 0;
    }
}

/* From the current state: send `cmd`, put a contact of len_ms on `cell` at `at` cycles
 * after the send (none if len_ms == 0), run `ms`; the transcript goes through `fd`. */
static void one_run(const char *cmd, int cell, uint64_t at, uint32_t len_ms, uint32_t ms,
                    int fd)
{
    uint64_t t0 = board_now();
    lines_len = 0;
    lines_buf[0] = 0;
    board_on_line(on_line_glitch, NULL);
    board_serial_line(cmd);
    if (len_ms) {
        board_keys_at(t0 + at, (uint16_t)(1u << cell));
        board_keys_at(t0 + at + BOARD_MS(len_ms), 0);
    }
    board_run_until(t0 + BOARD_MS(ms));
    check_chip("glitch");
    finish_sim(fd, lines_buf, sizeof lines_buf);
}

/* Sweep from the current state; each run is counted in sh->trials. */
static void sweep(const char *what, const char *cmd, int cell, uint64_t from, uint64_t to,
                  uint32_t ms)
{
    static char ref[4096], got[4096];
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return;
    if (pid == 0)
        one_run(cmd, cell, 0, 0, ms, fd);
    if (collect_sim(pid, fd, ref, sizeof ref, what) != 0)
        return;
    static const uint32_t lens[] = {3, 8};
    for (int li = 0; li < 2 && !proof_sh->bad; li++) {
        for (uint64_t at0 = from; at0 <= to && !proof_sh->bad; at0 += NPROC * STEP_CYCLES) {
            /* a batch of NPROC runs, each with its own pipe, collected in fork order */
            pid_t pids[NPROC];
            int fds[NPROC], n = 0;
            for (uint64_t at = at0; n < NPROC && at <= to; at += STEP_CYCLES, n++) {
                pids[n] = fork_sim(&fds[n]);
                if (pids[n] == 0)
                    one_run(cmd, cell, at, lens[li], ms, fds[n]);
            }
            for (int k = 0; k < n; k++) {
                double at_ms = (double)(at0 + (uint64_t)k * STEP_CYCLES) / 16000.0;
                if (pids[k] < 0 || collect_sim(pids[k], fds[k], got, sizeof got, what) != 0) {
                    proof_fail("%s: the run with a %u ms contact near %.2f ms died", what, lens[li],
                         at_ms);
                    continue;
                }
                __atomic_fetch_add(&proof_sh->trials, 1, __ATOMIC_SEQ_CST);
                if (strcmp(got, ref) != 0) {
                    proof_fail("%s: a %u ms contact on cell %d near %.2f ms changed what the "
                         "board did:\n%s--- instead of ---\n%s", what, lens[li], cell + 1,
                         at_ms, got, ref);
                    __atomic_fetch_add(&proof_sh->presses, 1, __ATOMIC_SEQ_CST);
                }
            }
        }
    }
}

/* Runs in one sweep: both contact lengths at every step from `from` to `to`. */
static long sweep_runs(uint64_t from, uint64_t to)
{
    return 2 * (long)((to - from) / STEP_CYCLES + 1);
}

int cmd_glitch(void)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    /* 1. the end of a game and its save: any phantom press would start a new game */
    int last = console_to_last_move(NULL);
    if (last < 0) {
        printf("sim_glitch: FAILED: could not reach a game's last move\n");
        return 1;
    }
    char cmd[16];
    snprintf(cmd, sizeof cmd, "move %d", last + 1);
    sweep("end of game and save", cmd, (last + 4) % 9, BOARD_MS(1), BOARD_MS(140), 700);
    long expected = sweep_runs(BOARD_MS(1), BOARD_MS(140));
    /* 2./3. the AI's reply with the table and with the solver: a fresh game, the person
     * takes a corner; the reply comes 200 ms later; the contact is on a far cell */
    for (int solver = 0; solver < 2 && !proof_sh->bad; solver++) {
        const char *what = solver ? "AI reply by the solver" : "AI reply by the table";
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid == 0) {
            if (solver && use_solver(5, 0x01) != 0)
                _exit(1);
            board_serial_line("new x");
            board_run_ms(500);
            sweep(what, "move 1", 8, BOARD_MS(185), BOARD_MS(240), 600);
            _exit(0);
        }
        reap_sim(pid, fd, what);
        expected += sweep_runs(BOARD_MS(185), BOARD_MS(240));
    }
    if (!proof_sh->bad && proof_sh->trials != expected)
        proof_fail("%ld runs counted, %ld expected", proof_sh->trials, expected);
    printf("sim_glitch: 3 ms and 8 ms contacts swept in 0.75 ms steps across the game-ending "
           "move and its EEPROM save, the AI's reply by table and by solver: runs %ld, "
           "presses %ld, failures %ld, %.1f s\n",
           proof_sh->trials, proof_sh->presses, proof_sh->bad, wall() - t0);
    if (proof_sh->bad) {
        printf("sim_glitch: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("sim_glitch: ok\n");
    return 0;
}
