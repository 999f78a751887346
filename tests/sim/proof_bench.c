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

/* The figures, measured first, printed together at the end (a failed measurement prints
 * none). A new figure group: a field or two here, a measure_ function, a printf. */
typedef struct {
    double idle_percent;     /* awake share on the idle empty board */
    uint16_t boot_sp;        /* lowest stack pointer through boot */
    double press_mean_ms;    /* release of a tap to its red LED, mean over the cells */
    double press_worst_ms;
    double pass_us[2];       /* longest main-loop pass: [0] the table, [1] the solver */
    uint16_t min_sp;         /* lowest stack pointer through a game and every command */
} bench_figures_t;

/* Idle: 5 s on the empty board after boot; the stack pointer's low mark of boot too. */
static void measure_idle(bench_figures_t *f)
{
    board_run_ms(200);
    f->boot_sp = board_status()->min_sp;
    board_clear_counters();
    board_run_ms(5000);
    const board_status_t *st = board_status();
    f->idle_percent = 100.0 * (double)st->awake_cycles /
                      (double)(st->awake_cycles + st->sleep_cycles);
}

/* In a forked simulation: a 100 ms tap on the cell; the game acts on the release (a long
 * press is a different gesture), so the latency counts from the release edge to the
 * first lit red die of the cell, or -1 if none within 500 ms. Does not return. */
__attribute__((noreturn)) static void press_to_led_child(int fd, int cell)
{
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

/* Press to LED of one cell, in ms, or -1 after printing why it failed. */
static double press_to_led_cell(int cell)
{
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return -1;
    if (pid == 0)
        press_to_led_child(fd, cell);
    double ms = -1;
    if (collect_sim(pid, fd, &ms, sizeof ms, "press to LED") != 0) {
        printf("sim_bench: FAILED: press to LED, cell %d: %s\n", cell + 1,
               proof_sh->bad ? proof_sh->first_error : "no result");
        return -1;
    }
    if (ms < 0)
        printf("sim_bench: FAILED: a tap on cell %d lit no red LED within 500 ms\n", cell + 1);
    return ms;
}

/* Press to LED over every cell: mean and worst. */
static int measure_press_to_led(bench_figures_t *f)
{
    double sum = 0, worst = 0;
    int n = 0;
    for (int cell = 0; cell < 9; cell++) {
        double ms = press_to_led_cell(cell);
        if (ms < 0)
            return 1;
        sum += ms;
        n++;
        if (ms > worst)
            worst = ms;
    }
    f->press_mean_ms = n ? sum / n : -1.0;
    f->press_worst_ms = worst;
    return 0;
}

/* Every console command, the deepest ones included (solve's outcome plays the engine
 * out; with the table dropped, the solver searches). */
static const char *const bench_lines[] = {
    "help", "board", "stats", "diag", "hint", "new o", "hint", "move 5",
    "solve 120112002", "solve xx.oo....", "solve ........x", "solve",
    "1 2 0", "1 1 2", "0 0 2", "level easy", "level perfect", "new x"};
#define BENCH_LINES (sizeof bench_lines / sizeof bench_lines[0])

/* Every console command one at a time, then pipelined, as a paste sends them: the
 * receive and transmit interrupts land inside the deepest commands (diag after such a
 * stream, test-sim-console). */
static void run_every_command(void)
{
    for (size_t i = 0; i < BENCH_LINES; i++) {
        board_serial_line(bench_lines[i]);
        board_run_ms(400);
    }
    for (int rep = 0; rep < 30; rep++)
        for (size_t i = 0; i < BENCH_LINES; i++)
            board_serial_line(bench_lines[i]);
    board_run_ms(60000);
}

/* In a forked simulation: a whole game through the buttons and the end-of-game save (the
 * pass includes the interrupts inside it), with the table or, one table byte changed,
 * the solver; then every command. Sends {longest pass in us, lowest SP}. */
__attribute__((noreturn)) static void loop_and_stack_child(int fd, int solver)
{
    if (solver && use_solver(3, 0x10) != 0)
        _exit(1);
    board_clear_counters();
    play_game_buttons();
    board_run_ms(300); /* the statistics record is written in the background */
    double pass = (double)board_status()->max_awake_cycles / 16.0;
    run_every_command();
    double r[2] = {pass, (double)board_status()->min_sp};
    finish_sim(fd, r, sizeof r);
}

/* The longest main-loop pass (boot, then a whole game and its save) and the stack peak
 * (the same, then every console command), with the table and with the solver. */
static int measure_loop_and_stack(bench_figures_t *f)
{
    f->pass_us[0] = f->pass_us[1] = -1;
    f->min_sp = 0xffff;
    for (int solver = 0; solver < 2; solver++) {
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            return 1;
        if (pid == 0)
            loop_and_stack_child(fd, solver);
        double r[2] = {-1, 0xffff};
        const char *what = solver ? "a game by the solver" : "a game by the table";
        if (collect_sim(pid, fd, r, sizeof r, what) == 0) {
            f->pass_us[solver] = r[0];
            if (r[1] < f->min_sp)
                f->min_sp = (uint16_t)r[1];
        }
        if (f->pass_us[solver] < 0) {
            printf("sim_bench: FAILED: %s did not finish (%s)\n", what,
                   proof_sh->bad ? proof_sh->first_error : "no result");
            return 1;
        }
    }
    return 0;
}

static void print_figures(const bench_figures_t *f)
{
    uint16_t ramend = 0x8ff;
    uint16_t min_sp = f->boot_sp < f->min_sp ? f->boot_sp : f->min_sp;
    printf("press_to_led_ms %.2f\n", f->press_mean_ms); /* from the release of a tap */
    printf("press_to_led_worst_ms %.2f\n", f->press_worst_ms);
    printf("idle_awake_percent %.2f\n", f->idle_percent);
    printf("stack_peak_bytes %u\n", (unsigned)(ramend - min_sp));
    printf("loop_pass_max_us %.0f\n", f->pass_us[0]);
    printf("loop_pass_max_us_solver %.0f\n", f->pass_us[1]);
}

int cmd_bench(void)
{
    bench_figures_t f;
    if (boot() != 0)
        return 1;
    measure_idle(&f);
    if (measure_press_to_led(&f) != 0 || measure_loop_and_stack(&f) != 0)
        return 1;
    print_figures(&f);
    return 0;
}
