/* tests/sim/proof_exhaustive.c - every strategy of the person, as X and as O, played
 * through the buttons against the real firmware; the LEDs must show the engine's move
 * after every press and the board never loses. */
#define _GNU_SOURCE
#include "proof.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void explore(uint16_t x, uint16_t o, int depth)
{
    int running = 0;
    for (int cell = 0; cell < 9; cell++) {
        if ((x | o) >> cell & 1)
            continue;
        if (sh->bad > 20)
            break;
        pid_t pid = fork();
        if (pid == 0) {
            uint16_t nx = x, no = o;
            __atomic_fetch_add(&sh->nodes, 1, __ATOMIC_SEQ_CST);
            int r = human_move(cell, &nx, &no);
            check_chip("exhaustive");
            if (r == 1)
                explore(nx, no, depth + 1);
            _exit(0);
        }
        if (pid < 0) {
            fail("fork: %s", strerror(errno));
            break;
        }
        running++;
        if (depth > 0 || running >= NPROC) {
            int status;
            if (wait(&status) > 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
                fail("a simulation process died (status %d)", status);
            running--;
        }
    }
    int status;
    while (running-- > 0)
        if (wait(&status) > 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
            fail("a simulation process died (status %d)", status);
}

int cmd_exhaustive(void)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    int ok = 1;
    for (int side = 0; side < 2; side++) {
        long g0 = sh->games, w0 = sh->board_wins, d0 = sh->draws, l0 = sh->board_losses;
        long n0 = sh->nodes, b0 = sh->bad;
        pid_t pid = fork();
        if (pid == 0) {
            human_x = side == 0;
            uint16_t x = 0, o = 0;
            if (!human_x) {
                /* UI spec: long-press cell 2 on the empty board = person O, AI starts */
                board_press(1, BOARD_LONG_MS);
                uint64_t end = board_now() + BOARD_MS(3000);
                int got = 0;
                while (board_now() < end && !got) {
                    board_run_until(board_now() + BOARD_WINDOW_CYCLES);
                    pic_t p = pic_parse(board_picture());
                    if (stable() && !p.y && !p.blink && popc(p.x) == 1 && !p.o) {
                        x = p.x;
                        got = 1;
                    }
                }
                if (!got) {
                    fail("person O: no AI first move after long-pressing cell 2 (picture %s)",
                         board_picture());
                    _exit(1);
                }
                if (check_ai_move(0, 0, x) != 0)
                    _exit(1);
            }
            explore(x, o, 0);
            _exit(0);
        }
        int status;
        waitpid(pid, &status, 0);
        human_x = side == 0;
        long want = 0;
        if (human_x) {
            want = expected_games(0, 0);
        } else {
            pos_t empty = {0, 0};
            want = expected_games((uint16_t)(1u << engine_move(empty)), 0);
        }
        printf("sim_exhaustive: person %c: games %ld (the engine's tree has %ld), board wins "
               "%ld, draws %ld, board losses %ld, moves simulated %ld, failures %ld\n",
               side == 0 ? 'X' : 'O', sh->games - g0, want, sh->board_wins - w0,
               sh->draws - d0, sh->board_losses - l0, sh->nodes - n0, sh->bad - b0);
        if (sh->bad != b0 || sh->games - g0 != want)
            ok = 0;
        if (sh->games - g0 != want && sh->bad == b0)
            fail("person %c: %ld games played, the engine's tree has %ld", side ? 'O' : 'X',
                 sh->games - g0, want);
    }
    double secs = wall() - t0;
    printf("exhaustive_seconds %.1f\n", secs);
    FILE *f = fopen("build/sim/exhaustive_seconds.txt", "w");
    if (f) {
        fprintf(f, "%.1f\n", secs);
        fclose(f);
    }
    if (!ok)
        printf("sim_exhaustive: FAILED: %s\n", sh->first_error);
    else
        printf("sim_exhaustive: ok (every strategy of the person, as X and as O, never beats "
               "the board; every AI reply on the LEDs is the engine's move)\n");
    return ok ? 0 : 1;
}
