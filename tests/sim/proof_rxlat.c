/* tests/sim/proof_rxlat.c - `make bench`'s uart_rx_latency_max_us: the longest time from
 * a host byte's stop bit to the firmware's UDR0 read (sim/parts/host_uart.c times each
 * one), over a stress with bytes arriving all through it (empty lines, which the console
 * ignores): every console command as the firmware's own `help` lists them, and the
 * deepest arguments; every key gesture (taps through a whole game, its end-of-game save,
 * a hint, the analysis, the menu and a pick that saves the settings); power-down entry
 * (a line starting around it); the fallback solver (the table damaged).
 * Goal: one byte time (86.8 us at UART_BAUD), so the chip's 2-frame FIFO is never needed.
 * Power-down entry has a figure of its own, uart_rx_latency_wake_max_us: a byte met there
 * waits for the crystal's start-up (16K CK, 1,024 us: the Uno's fuses) before any code
 * runs, the chip's time and not the firmware's (the line is refused as lost, test-sim-power).
 * Prints the figure, the stretch it was met in, and the bytes the chip's receiver lost
 * (DOR0). A figure, not a test: it fails only when the stress cannot run. */
#define _GNU_SOURCE
#include "proof.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    double us;
    uint32_t overruns;
    char path[96];
} rxlat_t;
static rxlat_t worst, wake;

/* One stretch of the stress ends: its longest latency against the worst so far. */
static void stretch_end(const char *path)
{
    const board_status_t *st = board_status();
    double us = (double)st->rx_latency_max / (BOARD_F_CPU / 1e6);
    worst.overruns += st->rx_overruns;
    if (us > worst.us) {
        worst.us = us;
        snprintf(worst.path, sizeof worst.path, "%s", path);
    }
    board_clear_counters();
}

/* Run ms with empty lines arriving all the while, as fast as the host may send them
 * (XON/XOFF honoured): a few always waiting to go, never a backlog. */
static void run_streaming(uint32_t ms)
{
    for (uint32_t t = 0; t < ms; t++) {
        while (board_serial_pending() < 16u)
            board_serial_send("\n", 1);
        board_run_ms(1);
    }
}

static void console_line(const char *line, uint32_t ms)
{
    char path[96];
    board_serial_line(line);
    run_streaming(ms);
    snprintf(path, sizeof path, "console: %s", line);
    stretch_end(path);
}

/* One of `help`'s entries (`move 1-9`, `stats [clear]`, `new x|o|2p`) as a line with
 * its first argument: `move 1`, `stats`, `new x`. 1 if there was one. */
static int help_entry(const char *e, size_t len, char *out)
{
    char buf[64], cmd[24] = "", arg[24] = "";
    snprintf(buf, sizeof buf, "%.*s", (int)len, e);
    if (sscanf(buf, "%23s %23[^|[ ]", cmd, arg) < 1)
        return 0;
    arg[strcspn(arg, "-")] = 0;
    snprintf(out, 24, "%s%s%s", cmd, *arg ? " " : "", arg);
    return 1;
}

/* The commands `help` lists (the firmware's command table): lines of entries split by
 * " | ", up to the menu's line. Returns how many. */
static int help_commands(char out[][24], int max)
{
    int n = 0;
    cap_clear();
    board_serial_line("help");
    cap_wait(6, 1000);
    for (int i = 0; i < proof_cap_n && strncmp(proof_cap[i], "menu:", 5); i++) {
        const char *p = proof_cap[i];
        for (const char *sep = p; sep && n < max; p = sep + 3) {
            sep = strstr(p, " | ");
            n += help_entry(p, sep ? (size_t)(sep - p) : strlen(p), out[n]);
        }
    }
    return n;
}

static void console_stretches(void)
{
    char cmds[32][24];
    int n = help_commands(cmds, 32);
    stretch_end("console: help");
    if (n < 8)
        proof_fail("rxlat: `help` listed %d commands", n);
    for (int i = 0; i < n; i++)
        console_line(cmds[i], 800);
    static const char *const deep[] = {"new o", "solve xx.oo....", "solve 120112002",
                                       "solve ........x", "stats clear", "level easy",
                                       "level perfect", "colorblind off", "brightness full",
                                       "new x"};
    for (size_t i = 0; i < sizeof deep / sizeof deep[0]; i++)
        console_line(deep[i], 800);
}

static void gesture(int cell, uint32_t hold_ms, const char *what)
{
    char path[96];
    board_keys_set((uint16_t)(1u << cell));
    run_streaming(hold_ms);
    board_keys_set(0);
    run_streaming(1200);
    snprintf(path, sizeof path, "keys: %s cell %d", what, cell + 1);
    stretch_end(path);
}

/* A game by taps (lowest cell first; the AI's replies and the end-of-game save), a hint,
 * the analysis of a taken cell, the menu opened, a pick (saves the settings), closed. */
static void key_stretches(const char *who)
{
    char what[64];
    console_line("new x", 500);
    snprintf(what, sizeof what, "%s: hold (hint) on", who);
    gesture(0, 1000, what);
    for (int cell = 0; cell < 9; cell++) {
        snprintf(what, sizeof what, "%s: tap", who);
        gesture(cell, 80, what);
    }
    snprintf(what, sizeof what, "%s: hold (menu) on", who);
    gesture(4, 1000, what);
    gesture(7, 80, "menu: pick (colour-blind, saved) on");
    console_line("colorblind off", 500);
    console_line("new x", 500);
    gesture(4, 80, "tap");
    snprintf(what, sizeof what, "%s: hold (analysis) on", who);
    gesture(4, 1000, what);
}

/* Power-down entry: `board` starting at every 4 us from 700 us before the firmware powers
 * down to 100 us after (200 forks: its bytes' stop bits meet every phase of the stretch
 * with interrupts off). */
static void power_down_stretches(void)
{
    if (!board_run_until_line("ttt: sleeping", 5 * 60 * 1000 + 1000)) {
        proof_fail("rxlat: no `ttt: sleeping` after 5 idle minutes (%zu bytes unsent, "
                   "picture %s)", board_serial_pending(), board_picture());
        return;
    }
    uint64_t t_down = find_power_down();
    for (uint64_t at = t_down - 11200; t_down && at <= t_down + 1600; at += 64) {
        int fd;
        pid_t pid = fork_sim(&fd);
        if (pid < 0)
            return;
        if (pid == 0) {
            board_run_until(at);
            board_clear_counters();
            board_serial_line("board");
            board_run_ms(1500);
            rxlat_t r = {0, 0, ""};
            worst = r;
            stretch_end(""); /* into the child's own copy of worst, this stretch alone */
            r.us = worst.us;
            r.overruns = worst.overruns;
            finish_sim(fd, &r, sizeof r);
        }
        rxlat_t r = {-1, 0, ""};
        if (collect_sim(pid, fd, &r, sizeof r, "rxlat: power-down entry") != 0)
            return;
        wake.overruns += r.overruns;
        if (r.us > wake.us) {
            wake.us = r.us;
            snprintf(wake.path, sizeof wake.path, "power-down entry (`board` %+d us)",
                     (int)((int64_t)(at - t_down) / 16));
        }
    }
}

/* Self-check: a planted 1 ms `cli` stretch (tests/sim/probe_rx.c, SIM_PROBE_RX) must
 * be measured as such, and its overrun counted. */
static int self_check(void)
{
    const char *probe = getenv("SIM_PROBE_RX");
    int fd;
    pid_t pid = fork_sim(&fd);
    if (pid < 0)
        return -1;
    if (pid == 0) {
        rxlat_t r = {-1, 0, ""};
        if (probe && board_open_elf(probe) == 0 && board_run_until_line("probe_rx: ready", 100)) {
            board_clear_counters();
            board_serial_line("stall 1");
            run_streaming(20);
            stretch_end("planted");
            r = worst;
        }
        finish_sim(fd, &r, sizeof r);
    }
    rxlat_t r = {-1, 0, ""};
    if (collect_sim(pid, fd, &r, sizeof r, "rxlat: self-check") != 0)
        return -1;
    printf("sim_rxlat: self-check: a planted 1 ms cli stretch measured %.1f us, %u bytes "
           "lost\n", r.us, (unsigned)r.overruns);
    if (r.us < 900 || r.us > 1100 || !r.overruns) {
        proof_fail("rxlat: the planted 1 ms stretch (%s) measured %.1f us, %u lost",
                   probe ? probe : "SIM_PROBE_RX unset", r.us, (unsigned)r.overruns);
        return -1;
    }
    return 0;
}

int cmd_rxlat(void)
{
    if (self_check() != 0 || boot() != 0) {
        printf("sim_rxlat: FAILED: %s\n", proof_sh->bad ? proof_sh->first_error : "no boot");
        return 1;
    }
    board_clear_counters();
    console_stretches();
    key_stretches("table");
    power_down_stretches();
    if (use_solver(3, 0x10) == 0) { /* one table byte changed: the solver answers */
        stretch_end("solver: boot with a damaged table");
        key_stretches("solver");
        console_line("solve xx.oo....", 800);
        console_line("hint", 800);
    }
    check_chip("rxlat");
    if (proof_sh->bad) {
        printf("sim_rxlat: FAILED: %s\n", proof_sh->first_error);
        return 1;
    }
    printf("uart_rx_latency_max_us %.1f\n", worst.us);
    printf("uart_rx_latency_max_path: %s\n", worst.path);
    printf("uart_rx_overruns_stress %u\n", (unsigned)worst.overruns);
    printf("uart_rx_latency_wake_max_us %.1f\n", wake.us);
    printf("uart_rx_latency_wake_max_path: %s\n", wake.path);
    return 0;
}
