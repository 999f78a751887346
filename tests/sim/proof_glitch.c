/* tests/sim/proof_glitch.c - a contact shorter than the debounce time is never a press,
 * whatever the main loop is doing. Clean contacts of 3 ms and 8 ms on a key are swept
 * in 0.75 ms steps (4 phases of the 3 ms scan) across the longest main-loop passes of
 * a game:
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
    if (write(fd, lines_buf, sizeof lines_buf) < 0)
        _exit(1);
    _exit(0);
}

/* Sweep from the current state; returns the number of runs. */
static long sweep(const char *what, const char *cmd, int cell, uint64_t from, uint64_t to,
                  uint32_t ms)
{
    static char ref[4096], got[4096];
    int fd[2];
    long runs = 0;
    if (pipe(fd) != 0)
        return 0;
    if (fork() == 0)
        one_run(cmd, cell, 0, 0, ms, fd[1]);
    wait(NULL);
    if (read(fd[0], ref, sizeof ref) != (ssize_t)sizeof ref)
        fail("%s: the reference run died", what);
    static const uint32_t lens[] = {3, 8};
    for (int li = 0; li < 2 && !sh->bad; li++) {
        int running = 0;
        for (uint64_t at = from; at <= to && !sh->bad; at += STEP_CYCLES) {
            pid_t pid = fork();
            if (pid == 0)
                one_run(cmd, cell, at, lens[li], ms, fd[1]);
            running++;
            /* collect in order: each child writes one fixed-size record */
            if (running >= NPROC || at + STEP_CYCLES > to) {
                while (running > 0) {
                    if (read(fd[0], got, sizeof got) != (ssize_t)sizeof got) {
                        fail("%s: a run died", what);
                        break;
                    }
                    if (strcmp(got, ref) != 0) {
                        fail("%s: a %u ms contact on cell %d near %.2f ms changed what the "
                             "board did:\n%s--- instead of ---\n%s", what, lens[li], cell + 1,
                             (double)at / 16000.0, got, ref);
                        __atomic_fetch_add(&sh->presses, 1, __ATOMIC_SEQ_CST);
                    }
                    wait(NULL);
                    running--;
                    runs++;
                }
            }
        }
    }
    close(fd[0]);
    close(fd[1]);
    return runs;
}

/* One console move; returns the cell of the AI's reply, or -1. */
static int glitch_move_reply(const char *cmd)
{
    cap_clear();
    board_serial_line(cmd);
    int idx = wait_line_from("ai: ", 0, 2000);
    if (idx < 0)
        return -1;
    board_run_ms(700);
    return line_cell(cap[idx]);
}

/* Console moves up to one move before the end of a drawn game (person X keeps the
 * draw); returns the last cell, or -1. */
static int to_last_move(void)
{
    cap_clear();
    board_serial_line("new x");
    board_run_ms(400);
    return draw_to_last_move(glitch_move_reply);
}

int cmd_glitch(void)
{
    double t0 = wall();
    long runs = 0;
    if (boot() != 0)
        return 1;
    /* 1. the end of a game and its save: any phantom press would start a new game */
    int last = to_last_move();
    if (last < 0) {
        printf("sim_glitch: FAILED: could not reach a game's last move\n");
        return 1;
    }
    char cmd[16];
    snprintf(cmd, sizeof cmd, "move %d", last + 1);
    runs += sweep("end of game and save", cmd, (last + 4) % 9, BOARD_MS(1),
                  BOARD_MS(140), 700);
    /* 2./3. the AI's reply with the table and with the solver: a fresh game, the person
     * takes a corner; the reply comes 200 ms later; the contact is on a far cell */
    for (int solver = 0; solver < 2 && !sh->bad; solver++) {
        pid_t pid = fork();
        if (pid == 0) {
            if (solver && use_solver(5, 0x01) != 0)
                _exit(1);
            board_serial_line("new x");
            board_run_ms(500);
            long n = sweep(solver ? "AI reply by the solver" : "AI reply by the table",
                           "move 1", 8, BOARD_MS(185), BOARD_MS(240), 600);
            _exit(n > 0 ? 0 : 1);
        }
        int status;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status))
            fail("AI sweep %d: the simulation died", solver);
        runs += 2 * (long)((BOARD_MS(240) - BOARD_MS(185)) / STEP_CYCLES + 1);
    }
    printf("sim_glitch: 3 ms and 8 ms contacts swept in 0.75 ms steps across the game-ending "
           "move and its EEPROM save, the AI's reply by table and by solver: runs %ld, "
           "presses %ld, failures %ld, %.1f s\n", runs, sh->presses, sh->bad, wall() - t0);
    if (sh->bad) {
        printf("sim_glitch: FAILED: %s\n", sh->first_error);
        return 1;
    }
    printf("sim_glitch: ok\n");
    return 0;
}
