/* tests/sim/proof_bench.c - `make bench` figures measured on the simulated board:
 * press-to-LED latency, idle awake share, stack peak. Figures only: nothing here
 * fails on a number. */
#define _GNU_SOURCE
#include "proof.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- bench --------------------------------------------------------------------- */

int cmd_bench(void)
{
    if (boot() != 0)
        return 1;
    /* idle: 5 s on the empty board */
    board_run_ms(200);
    uint16_t boot_sp = board_status()->min_sp;
    board_clear_counters();
    board_run_ms(5000);
    const board_status_t *st = board_status();
    double idle = 100.0 * (double)st->awake_cycles / (double)(st->awake_cycles + st->sleep_cycles);
    /* press to LED: the first lit red die of the pressed cell, over every cell */
    double sum = 0, worst = 0;
    int n = 0;
    for (int cell = 0; cell < 9; cell++) {
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            return 1;
        if (pid == 0) {
            /* a 100 ms tap: the game acts on the release (a long press is a different
             * gesture), so the latency counts from the release edge */
            board_keys_set((uint16_t)(1u << cell));
            board_run_ms(100);
            board_keys_set(0);
            uint64_t t0 = board_now();
            double ms = -1;
            while (board_now() < t0 + BOARD_MS(500)) {
                board_run_until(board_now() + 160); /* 10 us steps */
                if (board_dies_now() >> (2 * cell) & 1) {
                    ms = (double)(board_now() - t0) / 16000.0;
                    break;
                }
            }
            finish_sim(fd, &ms, sizeof ms);
        }
        double ms = -1;
        if (collect_sim(pid, fd, &ms, sizeof ms, "press to LED") != 0) {
            printf("sim_bench: FAILED: press to LED, cell %d: %s\n", cell + 1,
                   proof_sh->bad ? proof_sh->first_error : "no result");
            return 1;
        }
        if (ms < 0) {
            printf("sim_bench: FAILED: a tap on cell %d lit no red LED within 500 ms\n",
                   cell + 1);
            return 1;
        }
        sum += ms;
        n++;
        if (ms > worst)
            worst = ms;
    }
    /* the longest main-loop pass: boot (table check, greeting), then a whole game
     * through the buttons and the end-of-game save, with the table and with the solver;
     * the stack peak: the same, then every console command, one at a time and pipelined,
     * in both */
    double pass_us[2] = {-1, -1};
    uint16_t min_sp = 0xffff;
    for (int solver = 0; solver < 2; solver++) {
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            return 1;
        if (pid == 0) {
            /* one table byte changed: the solver answers instead */
            if (solver && use_solver(3, 0x10) != 0)
                _exit(1);
            board_clear_counters();
            play_game_buttons();
            board_run_ms(300); /* the statistics record is written in the background */
            double pass = (double)board_status()->max_awake_cycles / 16.0;
            /* then every console command, the deepest ones included (solve's outcome
             * plays the engine out; with the table dropped, the solver searches) */
            static const char *const lines[] = {
                "help", "board", "stats", "diag", "hint", "new o", "hint", "move 5",
                "solve 120112002", "solve xx.oo....", "solve ........x", "solve",
                "1 2 0", "1 1 2", "0 0 2", "level easy", "level perfect", "new x"};
            for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
                board_serial_line(lines[i]);
                board_run_ms(400);
            }
            /* then pipelined, as a paste sends them: the receive and transmit interrupts
             * land inside the deepest commands (diag after such a stream, test-sim-console) */
            for (int rep = 0; rep < 30; rep++)
                for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
                    board_serial_line(lines[i]);
            board_run_ms(60000);
            double r[2] = {pass, (double)board_status()->min_sp};
            finish_sim(fd, r, sizeof r);
        }
        double r[2] = {-1, 0xffff};
        const char *what = solver ? "a game by the solver" : "a game by the table";
        if (collect_sim(pid, fd, r, sizeof r, what) == 0) {
            pass_us[solver] = r[0];
            if (r[1] < min_sp)
                min_sp = (uint16_t)r[1];
        }
        if (pass_us[solver] < 0) {
            printf("sim_bench: FAILED: %s did not finish (%s)\n", what,
                   proof_sh->bad ? proof_sh->first_error : "no result");
            return 1;
        }
    }
    uint16_t ramend = 0x8ff;
    printf("press_to_led_ms %.2f\n", n ? sum / n : -1.0); /* from the release of a tap */
    printf("press_to_led_worst_ms %.2f\n", worst);
    printf("idle_awake_percent %.2f\n", idle);
    if (boot_sp < min_sp)
        min_sp = boot_sp;
    printf("stack_peak_bytes %u\n", (unsigned)(ramend - min_sp));
    /* a whole game with its save; the pass includes the interrupts inside it */
    printf("loop_pass_max_us %.0f\n", pass_us[0]);
    printf("loop_pass_max_us_solver %.0f\n", pass_us[1]);
    return 0;
}
