/* tests/sim/proof_common.c - what the simulation proofs share: independent reference
 * rules (legality, negamax), counters in a shared mapping (the proofs fork() the
 * simulated board, and every child reports here), console capture, LED pictures, boot,
 * the person's move through the buttons and a console game. See proof.h. */
#define _GNU_SOURCE
#include "proof.h"

#include "play.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *proof_elf = "build/avr/ttt.elf";
shared_t *proof_sh;
int proof_debug;

/* ---- reference rules (independent of the firmware) ----------------------------- */

static const uint16_t lines[8] = {0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054};

int popc(uint16_t m) { return __builtin_popcount(m); }
uint16_t win_cells(uint16_t m)
{
    uint16_t w = 0;
    for (int i = 0; i < 8; i++)
        if ((m & lines[i]) == lines[i])
            w |= lines[i];
    return w;
}
int legal(uint16_t x, uint16_t o)
{
    if (x & o)
        return 0;
    int nx = popc(x), no = popc(o);
    if (nx != no && nx != no + 1)
        return 0;
    int wx = win_cells(x) != 0, wo = win_cells(o) != 0;
    if (wx && wo)
        return 0;
    if (wx && nx != no + 1)
        return 0;
    if (wo && nx != no)
        return 0;
    return 1;
}
/* Value for the side to move: +1 win, 0 draw, -1 loss (memoised negamax, host only). */
static signed char memo[19683];
static unsigned char memo_ok[19683];
static int code3(uint16_t x, uint16_t o)
{
    int c = 0;
    for (int i = 8; i >= 0; i--)
        c = c * 3 + ((x >> i) & 1 ? 1 : (o >> i) & 1 ? 2 : 0);
    return c;
}
int negamax(uint16_t x, uint16_t o)
{
    int xtm = popc(x) == popc(o);
    uint16_t me = xtm ? x : o, them = xtm ? o : x;
    if (win_cells(them))
        return -1;
    if ((x | o) == 0x1ff)
        return 0;
    int c = code3(x, o);
    if (memo_ok[c])
        return memo[c];
    int best = -2;
    for (int i = 0; i < 9; i++) {
        if ((x | o) >> i & 1)
            continue;
        uint16_t m2 = (uint16_t)(me | 1u << i);
        int v = -(xtm ? negamax(m2, o) : negamax(x, m2));
        if (v > best)
            best = v;
    }
    memo[c] = (signed char)best;
    memo_ok[c] = 1;
    return best;
}

/* X to move on (x, o), keeping the draw without winning: when one empty cell is left,
 * -1 with *last = that cell (the game's last move); else the lowest empty cell that
 * neither completes a line nor gives up the draw, or -1 if none (*last = -1). */
static int draw_move(uint16_t x, uint16_t o, int *last)
{
    int cell = -1;
    *last = -1;
    for (int c = 0; c < 9; c++) {
        if ((x | o) >> c & 1)
            continue;
        uint16_t x2 = (uint16_t)(x | 1u << c);
        if ((x2 | o) == 0x1ff)
            *last = c;
        else if (cell < 0 && !win_cells(x2) && negamax(x2, o) == 0)
            cell = c;
    }
    return *last >= 0 ? -1 : cell;
}

/* Change one bit of the solution table and power-cycle (proof.h). */
int use_solver(uint32_t byte, uint8_t bit_mask)
{
    char name[64];
    uint32_t addr = 0, size = 0;
    if (board_elf_symbol(proof_elf, "table_", name, sizeof name, &addr, &size) != 0 ||
        byte >= size) {
        proof_fail("no table_* object of more than %u bytes in %s", (unsigned)byte, proof_elf);
        return -1;
    }
    board_flash()[addr + byte] ^= bit_mask;
    board_power_cycle();
    uint64_t settled = board_now() + BOARD_MS(1500);
    if (!board_run_until_line("ttt: table CRC bad", 1500)) {
        proof_fail("table byte %u changed, but the firmware did not report a bad table CRC",
             (unsigned)byte);
        return -1;
    }
    board_run_until(settled);
    return 0;
}

/* Console moves of a drawn game up to its last move (proof.h). */
int draw_to_last_move(int (*move_reply)(const char *move_cmd))
{
    uint16_t x = 0, o = 0;
    for (int guard = 0; guard < 6; guard++) {
        int last, cell = draw_move(x, o, &last);
        if (last >= 0)
            return last;
        if (cell < 0)
            return -1;
        char cmd[8] = "move ";
        cmd[5] = (char)('1' + cell);
        int reply = move_reply(cmd);
        if (reply < 0 || reply > 8)
            return -1;
        x |= (uint16_t)(1u << cell);
        o |= (uint16_t)(1u << reply);
    }
    return -1;
}

/* ---- shared counters ----------------------------------------------------------- */


void proof_fail(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (__atomic_fetch_add(&proof_sh->bad, 1, __ATOMIC_SEQ_CST) == 0)
        snprintf(proof_sh->first_error, sizeof proof_sh->first_error, "%s", buf);
}

double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- forked simulations -------------------------------------------------------- */

/* proof.h. The parent keeps no write end, so a child that dies gives end of file. */
pid_t fork_sim(int *fd)
{
    int p[2];
    *fd = -1;
    if (pipe(p) != 0) {
        proof_fail("pipe: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        proof_fail("fork: %s", strerror(errno));
        close(p[0]);
        close(p[1]);
        return -1;
    }
    close(p[pid == 0 ? 0 : 1]);
    *fd = p[pid == 0 ? 1 : 0];
    return pid;
}

int read_result(int fd, void *buf, size_t size)
{
    for (size_t off = 0; off < size;) {
        ssize_t r = read(fd, (char *)buf + off, size - off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        off += (size_t)r;
    }
    return 0;
}

/* A child's end: 0 for a normal exit with status 0, else proof_fail() naming what it ran. */
static int child_status_ok(int status, const char *what)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status))
        proof_fail("%s: the simulation died (signal %d)", what, WTERMSIG(status));
    else
        proof_fail("%s: the simulation exited with status %d", what, WEXITSTATUS(status));
    return -1;
}

int reap_sim(pid_t pid, int fd, const char *what)
{
    int status = 0;
    if (fd >= 0)
        close(fd);
    if (pid <= 0)
        return -1;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            proof_fail("%s: waitpid: %s", what, strerror(errno));
            return -1;
        }
    return child_status_ok(status, what);
}

void finish_sim(int fd, const void *buf, size_t size)
{
    _exit(write(fd, buf, size) == (ssize_t)size ? 0 : 1);
}

int collect_sim(pid_t pid, int fd, void *buf, size_t size, const char *what)
{
    int short_read = read_result(fd, buf, size) != 0;
    if (reap_sim(pid, fd, what) != 0)
        return -1;
    if (short_read) {
        proof_fail("%s: no result came back", what);
        return -1;
    }
    return 0;
}

pid_t reap_any_sim(const char *what)
{
    int status = 0;
    pid_t pid = wait(&status);
    if (pid > 0)
        child_status_ok(status, what);
    return pid;
}

/* Trials, each in a forked simulation, NPROC at a time (proof.h). */
long run_trials(long n, long max_bad, void (*trial)(long i, void *ctx), void *ctx,
                const char *what)
{
    long i = 0;
    int running = 0;
    for (; i < n && proof_sh->bad < max_bad; i++) {
        pid_t pid = fork();
        if (pid < 0) {
            proof_fail("%s: fork: %s", what, strerror(errno));
            break;
        }
        if (pid == 0) {
            trial(i, ctx);
            _exit(0);
        }
        if (++running >= NPROC) {
            reap_any_sim(what);
            running--;
        }
    }
    while (reap_any_sim(what) > 0)
        ;
    return i;
}

/* ---- console capture ----------------------------------------------------------- */


char proof_cap[CAP_LINES][128];
int proof_cap_n;
int proof_ready_lines;

void on_line(const char *line, void *ctx)
{
    (void)ctx;
    if (proof_debug)
        fprintf(stderr, "%10.1f ms serial %s\n", (double)board_now() / 16000.0, line);
    if (!strncmp(line, "ttt: ready", 10))
        proof_ready_lines++;
    if (proof_cap_n < CAP_LINES)
        snprintf(proof_cap[proof_cap_n++], sizeof proof_cap[0], "%s", line);
}
void cap_clear(void) { proof_cap_n = 0; }
int cap_find(const char *prefix)
{
    for (int i = 0; i < proof_cap_n; i++)
        if (!strncmp(proof_cap[i], prefix, strlen(prefix)))
            return i;
    return -1;
}
/* Run until `n` lines have been captured or ms pass; then 30 ms of quiet. */
int cap_wait(int n, uint32_t ms)
{
    uint64_t end = board_now() + BOARD_MS(ms);
    while (proof_cap_n < n && board_now() < end)
        if (board_run_ms(1) < 0)
            return -1;
    int last = proof_cap_n;
    uint64_t quiet = board_now() + BOARD_MS(30);
    while (board_now() < quiet && board_now() < end + BOARD_MS(30)) {
        if (board_run_ms(1) < 0)
            return -1;
        if (proof_cap_n != last) {
            last = proof_cap_n;
            quiet = board_now() + BOARD_MS(30);
        }
    }
    return proof_cap_n >= n;
}

/* ---- pictures ------------------------------------------------------------------ */


pic_t pic_parse(const char *s)
{
    pic_t p = {0, 0, 0, 0};
    for (int i = 0; i < 9; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') {
            p.blink |= (uint16_t)(1u << i);
            c = (char)(c - 'A' + 'a');
        }
        if (c == 'r')
            p.x |= (uint16_t)(1u << i);
        else if (c == 'g')
            p.o |= (uint16_t)(1u << i);
        else if (c == 'y')
            p.y |= (uint16_t)(1u << i);
    }
    return p;
}

/* Yellow cells are overlays hiding the content: legal if some content fits. */
int pic_legal(pic_t p)
{
    int cells[9], k = 0;
    for (int i = 0; i < 9; i++)
        if (p.y >> i & 1)
            cells[k++] = i;
    int combos = 1;
    for (int i = 0; i < k; i++)
        combos *= 3;
    for (int c = 0; c < combos; c++) {
        uint16_t x = p.x, o = p.o;
        int v = c;
        for (int i = 0; i < k; i++, v /= 3) {
            if (v % 3 == 1)
                x |= (uint16_t)(1u << cells[i]);
            else if (v % 3 == 2)
                o |= (uint16_t)(1u << cells[i]);
        }
        if (legal(x, o))
            return 1;
    }
    return 0;
}

int stable(void) { return board_now() - board_picture_since() >= BOARD_MS(BOARD_STABLE_MS); }

/* Run window by window until the picture is stable and equals `want` (or ms pass). */
int wait_picture(const char *want, uint32_t ms)
{
    uint64_t end = board_now() + BOARD_MS(ms);
    while (board_now() < end) {
        if (board_run_until(board_now() + BOARD_WINDOW_CYCLES) < 0)
            return 0;
        if (stable() && !strcmp(board_picture(), want))
            return 1;
    }
    return 0;
}

int boot(void)
{
    if (board_open_elf(proof_elf) != 0)
        return -1;
    board_on_line(on_line, NULL);
    if (!board_run_until_line("ttt: ready", 3000)) {
        fprintf(stderr, "sim: no 'ttt: ready' banner within 3 s\n");
        return -1;
    }
    if (!wait_picture(".........", 2000)) {
        fprintf(stderr, "sim: the board is not empty after boot: %s\n", board_picture());
        return -1;
    }
    return 0;
}

void check_chip(const char *what)
{
    const board_status_t *st = board_status();
    if (st->crashed)
        proof_fail("%s: the simulated chip crashed", what);
    if (st->wdt_resets)
        proof_fail("%s: watchdog reset", what);
    if (st->jumps_to_zero)
        proof_fail("%s: jump to the reset vector", what);
}

/* ---- 1. exhaustive ------------------------------------------------------------- */

int proof_human_x;
int proof_rule = RULE_NORMAL;

/* The AI's new mark (bit mask) must be the host engine's move for the position it
 * answered: the firmware runs the same engine, so the LEDs must show exactly that. */
int check_ai_move(uint16_t x, uint16_t o, uint16_t new_mark)
{
    if (!new_mark)
        return 0;
    pos_t p = {x, o};
    state_t s = state_from_pos(p);
    uint16_t best = proof_rule == RULE_NORMAL ? engine_best_cells(p) : play_best_cells(proof_rule, &s);
    if (popc(new_mark) != 1 || !(new_mark & best)) {
        proof_fail("person %c: the AI answered x=%03x o=%03x with mask %03x, not one of the "
                   "engine's perfect moves %03x", proof_human_x ? 'X' : 'O', x, o, new_mark, best);
        return -1;
    }
    __atomic_fetch_add(&proof_sh->ai_checked, 1, __ATOMIC_SEQ_CST);
    return 0;
}

/* The person taps `cell` on a steady board showing (x, o); wait for the reply.
 * Returns 1 if the game goes on (x, o updated), 0 if it ended, -1 on failure. */
/* A game ended with these winning lines (none: a draw): counted; the person's win fails. */
static void count_game_end(uint16_t wx, uint16_t wo)
{
    __atomic_fetch_add(&proof_sh->games, 1, __ATOMIC_SEQ_CST);
    if (!wx && !wo) {
        __atomic_fetch_add(&proof_sh->draws, 1, __ATOMIC_SEQ_CST);
    } else if ((proof_human_x ? wx != 0 : wo != 0) != (proof_rule == RULE_MISERE)) {
        /* the person's line wins (misère: the AI's line loses) */
        __atomic_fetch_add(&proof_sh->board_losses, 1, __ATOMIC_SEQ_CST);
        proof_fail("person %c won: %s", proof_human_x ? 'X' : 'O', board_picture());
    } else {
        __atomic_fetch_add(&proof_sh->board_wins, 1, __ATOMIC_SEQ_CST);
    }
}

int human_move(int cell, uint16_t *x, uint16_t *o)
{
    uint16_t hx = *x, ho = *o;
    if (proof_human_x)
        hx |= (uint16_t)(1u << cell);
    else
        ho |= (uint16_t)(1u << cell);
    board_press(cell, BOARD_PRESS_MS);
    uint64_t end = board_now() + BOARD_MS(4000);
    while (board_now() < end) {
        if (board_run_until(board_now() + BOARD_WINDOW_CYCLES) < 0)
            break;
        if (!stable())
            continue;
        pic_t p = pic_parse(board_picture());
        uint16_t mine = proof_human_x ? p.x : p.o, theirs = proof_human_x ? p.o : p.x;
        uint16_t mine0 = proof_human_x ? *x : *o, theirs0 = proof_human_x ? *o : *x;
        if (p.y || !legal(p.x, p.o) || (p.x & *x) != *x || (p.o & *o) != *o ||
            (mine & ~mine0 & ~(1u << cell)) || popc(theirs & ~theirs0) > 1) {
            proof_fail("person %c: illegal or inconsistent picture %s after pressing %d on x=%03x "
                 "o=%03x", proof_human_x ? 'X' : 'O', board_picture(), cell + 1, *x, *o);
            return -1;
        }
        if ((mine & (1u << cell)) == 0)
            continue; /* the tap has not been taken yet */
        uint16_t wx = win_cells(p.x), wo = win_cells(p.o);
        int full = (p.x | p.o) == 0x1ff;
        if (wx || wo || full) {
            uint16_t want_blink = wx ? wx : wo ? wo : 0x1ff;
            if (p.blink != want_blink)
                continue; /* the end picture is still settling */
            if (check_ai_move(hx, ho, theirs & ~theirs0) != 0)
                return -1;
            count_game_end(wx, wo);
            return 0;
        }
        /* the AI's move blinks 500 ms (on 250, off 250): a picture holding it steady for
         * BOARD_BLINK_MAX_MS is past the blink */
        if (popc(p.x | p.o) == popc(hx | ho) + 1 && !p.blink &&
            board_now() - board_picture_since() >= BOARD_MS(BOARD_BLINK_MAX_MS)) {
            if (check_ai_move(hx, ho, theirs & ~theirs0) != 0)
                return -1;
            *x = p.x;
            *o = p.o;
            return 1;
        }
    }
    proof_fail("person %c: no reply after pressing %d on x=%03x o=%03x (picture %s)",
         proof_human_x ? 'X' : 'O', cell + 1, *x, *o, board_picture());
    return -1;
}


/* The person plays X and always takes the lowest free cell, through the buttons, until
 * the game ends. */
void play_game_buttons(void)
{
    uint16_t x = 0, o = 0;
    proof_human_x = 1;
    for (int cell = 0; cell < 9; cell++) {
        if ((x | o) >> cell & 1)
            continue;
        if (human_move(cell, &x, &o) != 1)
            break;
        cell = -1;
    }
}

uint32_t proof_rng_state;
uint32_t rnd(void)
{
    proof_rng_state ^= proof_rng_state << 13;
    proof_rng_state ^= proof_rng_state >> 17;
    proof_rng_state ^= proof_rng_state << 5;
    return proof_rng_state;
}
uint32_t rnd_range(uint32_t lo, uint32_t hi) { return lo + rnd() % (hi - lo + 1); }


/* ---- console play helpers ------------------------------------------------------ */

/* The cell (0..8) named in a console line like "ai: 7 (o)" (first digit 1-9). */
int line_cell(const char *line)
{
    const char *p = strchr(line, ':');
    for (p = p ? p : line; *p; p++)
        if (*p >= '1' && *p <= '9')
            return *p - '1';
    return -1;
}

int help_first_line(const char *line)
{
    return !strncmp(line, "help ", 5) && strstr(line, " | board | ") != NULL;
}

/* Run until a captured line starting with prefix appears at index >= from (or ms pass). */
int wait_line_from(const char *prefix, int from, uint32_t ms)
{
    uint64_t end = board_now() + BOARD_MS(ms);
    for (;;) {
        for (int i = from; i < proof_cap_n; i++)
            if (!strncmp(proof_cap[i], prefix, strlen(prefix)))
                return i;
        if (board_now() >= end || board_run_ms(1) < 0)
            return -1;
    }
}

/* One console `move`; the cell of the AI's reply, or -1. */
static int cap_move_reply(const char *move_cmd)
{
    cap_clear();
    board_serial_line(move_cmd);
    int idx = wait_line_from("ai: ", 0, 2000);
    if (idx < 0)
        return -1;
    board_run_ms(700);
    return line_cell(proof_cap[idx]);
}

int console_to_last_move(int (*move_reply)(const char *move_cmd))
{
    cap_clear();
    board_serial_line("new x");
    board_run_ms(400);
    return draw_to_last_move(move_reply ? move_reply : cap_move_reply);
}

/* Play one game through the console (`new x|o`, `move N`) with random person moves and
 * check that every AI move keeps the game value (perfect play). Returns 0 if fine. */
int console_game_check(const char *what, int person_x)
{
    uint16_t x = 0, o = 0;
    cap_clear();
    board_serial_line(person_x ? "new x" : "new o");
    int from = 0;
    for (;;) {
        if (win_cells(x) || win_cells(o) || (x | o) == 0x1ff)
            break;
        int xtm = popc(x) == popc(o);
        if (xtm == person_x) {
            int cell;
            do
                cell = (int)rnd_range(0, 8);
            while ((x | o) >> cell & 1);
            char cmd[16];
            snprintf(cmd, sizeof cmd, "move %d", cell + 1);
            from = proof_cap_n;
            board_serial_line(cmd);
            if (person_x)
                x |= (uint16_t)(1u << cell);
            else
                o |= (uint16_t)(1u << cell);
            continue;
        }
        int idx = wait_line_from("ai: ", from, 3000);
        if (idx < 0) {
            proof_fail("%s: no 'ai: N' line (x=%03x o=%03x)", what, x, o);
            return -1;
        }
        from = idx + 1;
        int ai = line_cell(proof_cap[idx]);
        __atomic_fetch_add(&proof_sh->nodes, 1, __ATOMIC_SEQ_CST);
        if (ai < 0 || ((x | o) >> ai & 1)) {
            proof_fail("%s: bad AI move line '%s'", what, proof_cap[idx]);
            return -1;
        }
        int before = negamax(x, o);
        uint16_t x2 = person_x ? x : (uint16_t)(x | 1u << ai);
        uint16_t o2 = person_x ? (uint16_t)(o | 1u << ai) : o;
        int after = -negamax(x2, o2);
        if (after != before) {
            proof_fail("%s: AI move %d is not perfect (x=%03x o=%03x: value %d -> %d)", what, ai + 1,
                 x, o, before, after);
            return -1;
        }
        x = x2;
        o = o2;
    }
    int person_won = person_x ? win_cells(x) != 0 : win_cells(o) != 0;
    if (person_won) {
        proof_fail("%s: the person won a console game", what);
        return -1;
    }
    wait_line_from("result: ", from, 1000);
    return 0;
}


/* ---- a setting that changed ------------------------------------------------------ */

/* A line of a setting that steps and keeps its menu cell chosen. */
static int step_line(const char *line)
{
    return !strncmp(line, "level:", 6) || !strncmp(line, "sound:", 6) ||
           !strncmp(line, "colorblind:", 11) || !strncmp(line, "brightness:", 11);
}

void setting_watch(setting_watch_t *w, const char *line)
{
    int setting =
        step_line(line) || (!strncmp(line, "new:", 4) && w->chosen >= 1 && w->chosen <= 3);
    if (setting && !w->changed++)
        snprintf(w->what, sizeof w->what, "%s", line);
    if (!strncmp(line, "menu: ", 6) && strstr(line, " chosen"))
        w->chosen = line[6] - '0';
    else if (!step_line(line))
        w->chosen = 0; /* the steps keep their cell chosen */
}
