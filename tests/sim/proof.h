/* tests/sim/proof.h - shared by the simulation proofs (proof_*.c): reference rules that
 * do not use the firmware's engine, counters shared between forked simulations, console
 * capture, decoded LED pictures and play helpers. Every proof runs the real firmware
 * image (SIM_ELF, default build/avr/ttt.elf) on the simulated board (sim/board.h). */
#ifndef TESTS_SIM_PROOF_H
#define TESTS_SIM_PROOF_H
#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "engine.h"
#include "menu.h"
#include "timing.h"

/* Each menu action's cell (1-9) from the menu table (PROOF_MENU_SOUND, PROOF_MENU_MODEAI_O),
 * and the cell that opens it, held past GAME_MENU_HOLD_MS: a proof names what a cell
 * does, not its number. */
#define PROOF_MENU_CELL(cell, action, arg, lng, shrt) PROOF_MENU_##action##arg = (cell),
enum { GAME_MENU(PROOF_MENU_CELL) PROOF_MENU_OPEN = GAME_MENU_OPEN_CELL + 1u };
#define PROOF_MENU_HOLD_MS (GAME_MENU_HOLD_MS + 500u)

#define NPROC 2         /* simulations run at once (the machine has 2 cores) */
#define CAP_LINES 64

extern const char *proof_elf;
extern int proof_debug;

/* Reference rules, independent of the firmware. */
int popc(uint16_t m);
uint16_t win_cells(uint16_t m);
int legal(uint16_t x, uint16_t o);
/* Value for the side to move: +1 win, 0 draw, -1 loss (memoised negamax). */
int negamax(uint16_t x, uint16_t o);
/* From a new game with the person as X: console moves that keep the draw (the lowest
 * cell that neither wins nor gives up the draw), up to the game's last move, whose cell
 * it returns (-1 on failure). move_reply(cmd) sends the
 * line cmd (`move N`), waits for the AI and returns the cell of its reply (or -1). */
int draw_to_last_move(int (*move_reply)(const char *move_cmd));
/* Change one bit of the solution table in flash and power-cycle: the firmware must say
 * `ttt: table CRC bad` (else proof_fail()) and play by the solver. Runs 1.5 s from the power
 * cycle. Returns 0, or -1 after proof_fail(). */
int use_solver(uint32_t byte, uint8_t bit_mask);

/* Counters in an anonymous shared mapping: forked simulations add to them. */
typedef struct {
    long games, board_wins, draws, board_losses, bad, nodes, events, checked, skipped;
    long trials, old_seen, new_seen, torn, detected;
    long ghost_windows, transient, presses, ai_checked;
    char first_error[512];
} shared_t;
extern shared_t *proof_sh;
/* Count a failure; the first message is kept for the summary. */
void proof_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
double wall(void);

/* Forked simulations: each child runs on from a copy of the board and reports back.
 * fork_sim: a child with a pipe back to the parent; returns 0 in the child (*fd = the
 * write end), the child's pid in the parent (*fd = the read end; the parent holds no
 * write end, so a child that dies gives end of file, never a hang), -1 after proof_fail()
 * (*fd = -1).
 * read_result: exactly size bytes, or -1 at end of file.
 * reap_sim: close fd (if >= 0) and wait for pid; 0 when it exited with status 0, else
 * proof_fail() naming `what` and -1.
 * reap_any_sim: wait for any child and proof_fail() unless it exited with status 0; returns
 * its pid, or -1 when no child is left.
 * finish_sim (child): send a result of size bytes and end (status 1 if the pipe broke).
 * collect_sim (parent): that whole result, then reap_sim; 0, or -1 after proof_fail(). */
#include <sys/types.h>
pid_t fork_sim(int *fd);
int read_result(int fd, void *buf, size_t size);
int reap_sim(pid_t pid, int fd, const char *what);
pid_t reap_any_sim(const char *what);
void finish_sim(int fd, const void *buf, size_t size) __attribute__((noreturn));
int collect_sim(pid_t pid, int fd, void *buf, size_t size, const char *what);
/* Trials in forked simulations, NPROC at a time: trial(i, ctx) runs in a child, on a copy
 * of the board (the child ends when it returns), for i = 0, 1, ... n-1 while fewer than
 * max_bad failures are counted; a child that does not exit 0 is a failure naming `what`.
 * All are reaped; returns how many were started. */
long run_trials(long n, long max_bad, void (*trial)(long i, void *ctx), void *ctx,
                const char *what);

/* Console lines from the chip, captured (the first CAP_LINES after cap_clear()). */
extern char proof_cap[CAP_LINES][128];
extern int proof_cap_n;
extern int proof_ready_lines; /* "ttt: ready" banners seen */
void on_line(const char *line, void *ctx);
void cap_clear(void);
int cap_find(const char *prefix);
/* Run until n lines are captured or ms pass, then until 30 ms pass without a line. */
int cap_wait(int n, uint32_t ms);
/* The cell (0..8) named in a console line like "ai: 7 (o)". */
int line_cell(const char *line);
/* 1 if line is the first line of a `help` answer (its command list: "help ... | board | ..."). */
int help_first_line(const char *line);
/* Run until a captured line starting with prefix appears at index >= from. */
int wait_line_from(const char *prefix, int from, uint32_t ms);

/* Decoded pictures: x = red, o = green, y = yellow cells, blink = blinking ones. */
typedef struct {
    uint16_t x, o, y, blink;
} pic_t;
pic_t pic_parse(const char *s);
/* Legal if some content under the yellow overlays makes a legal board. */
int pic_legal(pic_t p);
/* The picture has not changed for BOARD_STABLE_MS. */
int stable(void);
int wait_picture(const char *want, uint32_t ms);

/* Open the ELF, wait for the banner and the empty board. */
int boot(void);
/* Fail on a crash, a watchdog reset or a jump to the reset vector. */
void check_chip(const char *what);

/* The person plays X (1) or O (0) through the buttons, in the game proof_rule (RULE_*:
 * normal or misère; the firmware set to it by the proof). */
extern int proof_human_x;
extern int proof_rule;
/* The AI's new mark on (x, o) is one of the engine's perfect moves under proof_rule
 * (engine_best_cells(), play_best_cells()), counted in `ai_checked`: 0, or -1 after
 * proof_fail(). */
int check_ai_move(uint16_t x, uint16_t o, uint16_t new_mark);
/* Tap cell and wait for the reply: 1 the game goes on, 0 it ended, -1 failure. */
int human_move(int cell, uint16_t *x, uint16_t *o);
/* A whole game through the buttons: the person (X) always takes the lowest free cell. */
void play_game_buttons(void);
/* One game through the console with random person moves; every AI move must keep the
 * game value. */
int console_game_check(const char *what, int person_x);
/* draw_to_last_move() through the console after "new x" (and 400 ms): each move by
 * move_reply, or when NULL with the shared capture (proof_cap), each AI reply awaited and
 * 700 ms more; returns the last cell, or -1. */
int console_to_last_move(int (*move_reply)(const char *move_cmd));

/* A session's watch of the console for a saved setting that changed: a `level:`,
 * `sound:`, `colorblind:` or `brightness:` line, or a `new:` line right after a menu pick
 * of cells 1-3 (a mode pick starts a new game, same mode or not); `what`: the first. */
typedef struct {
    int chosen;  /* the menu cell chosen (1-9) by the last line, else 0 */
    int changed; /* lines that changed a setting */
    char what[96];
} setting_watch_t;
void setting_watch(setting_watch_t *w, const char *line);

/* xorshift32 for reproducible random choices. */
extern uint32_t proof_rng_state;
uint32_t rnd(void);
uint32_t rnd_range(uint32_t lo, uint32_t hi);

/* Asleep in power-down (Timer0's interrupt off); the cycle power-down starts, from a
 * board about to sleep, found in a fork (0: never, after proof_fail()). proof_power.c */
int powered_down(void);
uint64_t find_power_down(void);

/* The proofs. */
int cmd_exhaustive(void);
int cmd_exhaustive_misere(void);
int cmd_fading(void); /* every state the person reaches in fading (proof_fading.c) */
int cmd_fuzz(long events);
int cmd_table(int stride_games);
int cmd_powercut(int trials);
int cmd_garbage(long bytes_goal);
int cmd_bench(void);
int cmd_levels(void);
int cmd_levels_games(void); /* the greedy child at each level of misère and fading */
int cmd_console(void);
int cmd_menu(void);
int cmd_glitch(void);
int cmd_power(void);
int cmd_rxlat(void);
int cmd_child(long sessions);
int cmd_toddler(long sessions);
int cmd_stranger(long per_setting);
int cmd_sound(void);

/* XOFF and XON sent at their marks, with a host that has bytes in flight (proof_flow.c,
 * run by the console proof); 0, or -1 after fail(). */
int flow_check(void);

#endif
