/* tests/sim/sim_proofs.c - proofs run in simulation against the real firmware image:
 * exhaustive play through buttons and LEDs, random button fuzz with contact bounce,
 * solution-table corruption, power cuts during EEPROM updates, serial garbage, and the
 * bench figures. Each subcommand prints counts and exits non-zero on failure. The
 * simulator state lives in this process, so fork() snapshots it (no shared mutable
 * state except the counters in an anonymous shared mapping). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "engine.h"
#include <sim_avr.h>

#define NPROC 2
#define PRESS_MS 80u
#define LONG_MS 1000u

static const char *elf = "build/avr/ttt.elf";

/* ---- reference rules (independent of the firmware) ----------------------------- */

static const uint16_t lines[8] = {0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054};

static int popc(uint16_t m) { return __builtin_popcount(m); }
static uint16_t win_cells(uint16_t m)
{
    uint16_t w = 0;
    for (int i = 0; i < 8; i++)
        if ((m & lines[i]) == lines[i])
            w |= lines[i];
    return w;
}
static int legal(uint16_t x, uint16_t o)
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
static int negamax(uint16_t x, uint16_t o)
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

/* ---- shared counters ----------------------------------------------------------- */

typedef struct {
    long games, board_wins, draws, board_losses, bad, nodes, events, checked, skipped;
    long trials, old_seen, new_seen, torn, errors_seen, lines_sent, detected;
    long ghost_windows, transient;
    char first_error[512];
} shared_t;
static shared_t *sh;

static void fail(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (__atomic_fetch_add(&sh->bad, 1, __ATOMIC_SEQ_CST) == 0)
        snprintf(sh->first_error, sizeof sh->first_error, "%s", buf);
}

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- console capture ----------------------------------------------------------- */

#define CAP_LINES 64
static char cap[CAP_LINES][128];
static int cap_n;
static int ready_lines;

static int debug;
static void on_line(const char *line, void *ctx)
{
    (void)ctx;
    if (debug)
        fprintf(stderr, "%10.1f ms serial %s\n", (double)board_now() / 16000.0, line);
    if (!strncmp(line, "ttt: ready", 10))
        ready_lines++;
    if (cap_n < CAP_LINES)
        snprintf(cap[cap_n++], sizeof cap[0], "%s", line);
}
static void cap_clear(void) { cap_n = 0; }
static int cap_find(const char *prefix)
{
    for (int i = 0; i < cap_n; i++)
        if (!strncmp(cap[i], prefix, strlen(prefix)))
            return i;
    return -1;
}
/* Run until `n` lines have been captured or ms pass; then 30 ms of quiet. */
static int cap_wait(int n, uint32_t ms)
{
    uint64_t end = board_now() + BOARD_MS(ms);
    while (cap_n < n && board_now() < end)
        if (board_run_ms(1) < 0)
            return -1;
    int last = cap_n;
    uint64_t quiet = board_now() + BOARD_MS(30);
    while (board_now() < quiet && board_now() < end + BOARD_MS(30)) {
        if (board_run_ms(1) < 0)
            return -1;
        if (cap_n != last) {
            last = cap_n;
            quiet = board_now() + BOARD_MS(30);
        }
    }
    return cap_n >= n;
}

/* ---- pictures ------------------------------------------------------------------ */

typedef struct {
    uint16_t x, o, y, blink;
} pic_t;

static pic_t pic_parse(const char *s)
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
static int pic_legal(pic_t p)
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

static int stable(void) { return board_now() - board_picture_since() >= BOARD_MS(BOARD_STABLE_MS); }

/* Run window by window until the picture is stable and equals `want` (or ms pass). */
static int wait_picture(const char *want, uint32_t ms)
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

static int boot(void)
{
    if (board_open_elf(elf) != 0)
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

static void check_chip(const char *what)
{
    const board_status_t *st = board_status();
    if (st->crashed)
        fail("%s: the simulated chip crashed", what);
    if (st->wdt_resets)
        fail("%s: watchdog reset", what);
    if (st->jumps_to_zero)
        fail("%s: jump to the reset vector", what);
}

/* ---- 1. exhaustive ------------------------------------------------------------- */

static int human_x;

/* The AI's new mark (bit mask) must be the host engine's move for the position it
 * answered: the firmware runs the same engine, so the LEDs must show exactly that. */
static int check_ai_move(uint16_t x, uint16_t o, uint16_t new_mark)
{
    if (!new_mark)
        return 0;
    pos_t p = {x, o};
    int want = engine_move(p);
    if (new_mark != (uint16_t)(1u << want)) {
        fail("person %c: the AI answered x=%03x o=%03x with mask %03x, the engine says cell %d",
             human_x ? 'X' : 'O', x, o, new_mark, want + 1);
        return -1;
    }
    return 0;
}

/* Games in the tree of every person strategy against engine_move(), from a position
 * where the person is to move: what the exhaustive run must have played. */
static long expected_games(uint16_t x, uint16_t o)
{
    long n = 0;
    for (int c = 0; c < 9; c++) {
        if ((x | o) >> c & 1)
            continue;
        uint16_t hx = human_x ? (uint16_t)(x | 1u << c) : x;
        uint16_t ho = human_x ? o : (uint16_t)(o | 1u << c);
        if (win_cells(hx) || win_cells(ho) || (hx | ho) == 0x1ff) {
            n++;
            continue;
        }
        pos_t p = {hx, ho};
        int ai = engine_move(p);
        if (human_x)
            ho |= (uint16_t)(1u << ai);
        else
            hx |= (uint16_t)(1u << ai);
        if (win_cells(hx) || win_cells(ho) || (hx | ho) == 0x1ff)
            n++;
        else
            n += expected_games(hx, ho);
    }
    return n;
}

/* The person taps `cell` on a steady board showing (x, o); wait for the reply.
 * Returns 1 if the game goes on (x, o updated), 0 if it ended, -1 on failure. */
static int human_move(int cell, uint16_t *x, uint16_t *o)
{
    uint16_t hx = *x, ho = *o;
    if (human_x)
        hx |= (uint16_t)(1u << cell);
    else
        ho |= (uint16_t)(1u << cell);
    board_press(cell, PRESS_MS);
    uint64_t end = board_now() + BOARD_MS(4000);
    while (board_now() < end) {
        if (board_run_until(board_now() + BOARD_WINDOW_CYCLES) < 0)
            break;
        if (!stable())
            continue;
        pic_t p = pic_parse(board_picture());
        uint16_t mine = human_x ? p.x : p.o, theirs = human_x ? p.o : p.x;
        uint16_t mine0 = human_x ? *x : *o, theirs0 = human_x ? *o : *x;
        if (p.y || !legal(p.x, p.o) || (p.x & *x) != *x || (p.o & *o) != *o ||
            (mine & ~mine0 & ~(1u << cell)) || popc(theirs & ~theirs0) > 1) {
            fail("person %c: illegal or inconsistent picture %s after pressing %d on x=%03x "
                 "o=%03x", human_x ? 'X' : 'O', board_picture(), cell + 1, *x, *o);
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
            __atomic_fetch_add(&sh->games, 1, __ATOMIC_SEQ_CST);
            int human_won = human_x ? wx != 0 : wo != 0;
            if (wx || wo) {
                if (human_won) {
                    __atomic_fetch_add(&sh->board_losses, 1, __ATOMIC_SEQ_CST);
                    fail("person %c won: %s", human_x ? 'X' : 'O', board_picture());
                } else {
                    __atomic_fetch_add(&sh->board_wins, 1, __ATOMIC_SEQ_CST);
                }
            } else {
                __atomic_fetch_add(&sh->draws, 1, __ATOMIC_SEQ_CST);
            }
            return 0;
        }
        /* the AI's move blinks 500 ms (on 250, off 250): a picture holding it steady for
         * 300 ms is past the blink */
        if (popc(p.x | p.o) == popc(hx | ho) + 1 && !p.blink &&
            board_now() - board_picture_since() >= BOARD_MS(300)) {
            if (check_ai_move(hx, ho, theirs & ~theirs0) != 0)
                return -1;
            *x = p.x;
            *o = p.o;
            return 1;
        }
    }
    fail("person %c: no reply after pressing %d on x=%03x o=%03x (picture %s)",
         human_x ? 'X' : 'O', cell + 1, *x, *o, board_picture());
    return -1;
}

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

static int cmd_exhaustive(void)
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
                board_press(1, LONG_MS);
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

static uint32_t rng_state;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static uint32_t rnd_range(uint32_t lo, uint32_t hi) { return lo + rnd() % (hi - lo + 1); }

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
    rng_state = seed;
    uint64_t grace_until = 0;
    char last_checked[BOARD_CELLS + 1] = "";
    long done = 0, checked = 0, skipped = 0, transient = 0;
    uint64_t illegal_since = 0;
    edge_t e[256];
    int ready0 = ready_lines;
    while (done < events && sh->bad == 0) {
        int n = 0;
        uint64_t t0 = board_now() + BOARD_MS(1);
        uint64_t last_up = t0;
        int keys = rnd() % 100 < 85 ? 1 : (int)rnd_range(2, 3);
        int long_press = 0;
        uint16_t used = 0;
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
        if (debug)
            for (int i = 0; i < n; i++)
                fprintf(stderr, "%10.3f ms key %d %s\n", (double)e[i].at / 16000.0,
                        e[i].cell + 1, e[i].down ? "down" : "up");
        uint16_t mask = board_keys();
        for (int i = 0; i < n; i++) {
            mask = e[i].down ? (uint16_t)(mask | 1u << e[i].cell) : (uint16_t)(mask & ~(1u << e[i].cell));
            board_keys_at(e[i].at, mask);
        }
        uint64_t end = last_up + BOARD_MS(6) + BOARD_MS(rnd_range(5, 40));
        if (long_press)
            grace_until = last_up + BOARD_MS(3500);
        while (board_now() < end) {
            if (board_run_until(board_now() + BOARD_WINDOW_CYCLES) < 0)
                break;
            /* the same illegal picture for 300 ms is a failure (a blink's dark half lasts
             * 250 ms: a fresh blinking mark can be missing that long) */
            if (illegal_since && board_picture_since() == illegal_since &&
                board_now() - illegal_since >= BOARD_MS(300) && board_now() >= grace_until) {
                fail("fuzz seed %u: illegal picture %s for 300 ms after %ld events", seed,
                     board_picture(), done);
                illegal_since = 0;
            }
            if (!stable() || !strcmp(last_checked, board_picture()))
                continue;
            strcpy(last_checked, board_picture());
            if (debug)
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
                if (debug)
                    fprintf(stderr, "transient illegal picture %s\n", board_picture());
            }
        }
        check_chip("fuzz");
        if (ready_lines != ready0)
            fail("fuzz seed %u: the firmware rebooted (banner seen again)", seed);
        if (sh->bad)
            break;
    }
    __atomic_fetch_add(&sh->events, done, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&sh->checked, checked, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&sh->skipped, skipped, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&sh->transient, transient, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&sh->ghost_windows, (long)board_ghost_windows(), __ATOMIC_SEQ_CST);
    return 0;
}

/* Harness self-check: a firmware hang must show up as a watchdog reset. The chip is sent
 * into a `cli; rjmp .` loop written at the end of the application flash. */
static int watchdog_selfcheck(void)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        avr_t *avr = board_avr();
        uint32_t at = 0x6ff0; /* below the 2 KB boot section, above the image */
        avr->flash[at] = 0xf8;     /* cli = 0x94f8 */
        avr->flash[at + 1] = 0x94;
        avr->flash[at + 2] = 0xff; /* rjmp .-2 = 0xcfff */
        avr->flash[at + 3] = 0xcf;
        avr->pc = at;
        ready_lines = 0;
        cap_clear();
        board_run_ms(3000);
        int ok = board_status()->wdt_resets > 0 && cap_find("ttt: watchdog reset") >= 0;
        if (write(fd[1], &ok, sizeof ok) < 0)
            _exit(1);
        _exit(0);
    }
    int ok = 0;
    waitpid(pid, NULL, 0);
    if (read(fd[0], &ok, sizeof ok) != (ssize_t)sizeof ok)
        ok = 0;
    close(fd[0]);
    close(fd[1]);
    return ok ? 0 : -1;
}

static int cmd_fuzz(long events)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    if (watchdog_selfcheck() != 0) {
        printf("sim_fuzz: FAILED: harness self-check: a hung firmware did not show up as a "
               "watchdog reset with 'ttt: watchdog reset'\n");
        return 1;
    }
    for (int w = 0; w < (debug ? 1 : NPROC); w++) {
        if (fork() == 0) {
            uint32_t seed = 0x9e3779b9u * (uint32_t)(w + 1);
            if (getenv("SIM_SEED"))
                seed = (uint32_t)strtoul(getenv("SIM_SEED"), NULL, 0);
            worker_fuzz(seed, events / NPROC);
            _exit(0);
        }
    }
    int status, died = 0;
    while (wait(&status) > 0)
        if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0))
            died++;
    printf("sim_fuzz: harness self-check ok (a hang is seen as a watchdog reset)\n");
    printf("sim_fuzz: button events %ld (press/release edges, each with 0-5 ms of bounce; 15%% "
           "of gestures are 2-3 keys at once, 1%% long), pictures checked %ld, skipped as "
           "overlays %ld, illegal for < 300 ms %ld, ghost windows %ld, failures %ld, %.1f s\n",
           sh->events, sh->checked, sh->skipped, sh->transient, sh->ghost_windows,
           sh->bad + died, wall() - t0);
    if (sh->bad || died || sh->events < events) {
        printf("sim_fuzz: FAILED: %s\n", sh->bad ? sh->first_error : "a worker died");
        return 1;
    }
    printf("sim_fuzz: ok\n");
    return 0;
}

/* ---- console play helpers ------------------------------------------------------ */

/* The cell (0..8) named in a console line like "ai: 7 (o)" (first digit 1-9). */
static int line_cell(const char *line)
{
    const char *p = strchr(line, ':');
    for (p = p ? p : line; *p; p++)
        if (*p >= '1' && *p <= '9')
            return *p - '1';
    return -1;
}

/* Run until a captured line starting with prefix appears at index >= from (or ms pass). */
static int wait_line_from(const char *prefix, int from, uint32_t ms)
{
    uint64_t end = board_now() + BOARD_MS(ms);
    for (;;) {
        for (int i = from; i < cap_n; i++)
            if (!strncmp(cap[i], prefix, strlen(prefix)))
                return i;
        if (board_now() >= end || board_run_ms(1) < 0)
            return -1;
    }
}

/* Play one game through the console (`new x|o`, `move N`) with random person moves and
 * check that every AI move keeps the game value (perfect play). Returns 0 if fine. */
static int console_game_check(const char *what, int person_x)
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
            from = cap_n;
            board_serial_line(cmd);
            if (person_x)
                x |= (uint16_t)(1u << cell);
            else
                o |= (uint16_t)(1u << cell);
            continue;
        }
        int idx = wait_line_from("ai: ", from, 3000);
        if (idx < 0) {
            fail("%s: no 'ai: N' line (x=%03x o=%03x)", what, x, o);
            return -1;
        }
        from = idx + 1;
        int ai = line_cell(cap[idx]);
        __atomic_fetch_add(&sh->nodes, 1, __ATOMIC_SEQ_CST);
        if (ai < 0 || ((x | o) >> ai & 1)) {
            fail("%s: bad AI move line '%s'", what, cap[idx]);
            return -1;
        }
        int before = negamax(x, o);
        uint16_t x2 = person_x ? x : (uint16_t)(x | 1u << ai);
        uint16_t o2 = person_x ? (uint16_t)(o | 1u << ai) : o;
        int after = -negamax(x2, o2);
        if (after != before) {
            fail("%s: AI move %d is not perfect (x=%03x o=%03x: value %d -> %d)", what, ai + 1,
                 x, o, before, after);
            return -1;
        }
        x = x2;
        o = o2;
    }
    int person_won = person_x ? win_cells(x) != 0 : win_cells(o) != 0;
    if (person_won) {
        fail("%s: the person won a console game", what);
        return -1;
    }
    wait_line_from("result: ", from, 1000);
    return 0;
}

/* ---- 3. table corruption -------------------------------------------------------- */

static int cmd_table(int stride_games)
{
    double t0 = wall();
    char name[128];
    uint32_t addr = 0, size = 0;
    if (board_elf_symbol(elf, "table_", name, sizeof name, &addr, &size) != 0) {
        printf("sim_table: FAILED: no table_* object in %s\n", elf);
        return 1;
    }
    if (board_open_elf(elf) != 0)
        return 1;
    board_on_line(on_line, NULL);
    /* the clean image must not complain */
    pid_t pid = fork();
    if (pid == 0) {
        cap_clear();
        board_run_until_line("ttt: ready", 3000);
        if (cap_find("ttt: table CRC bad") >= 0)
            fail("clean image reports a bad table CRC");
        _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    long games = 0;
    int running = 0;
    for (uint32_t off = 0; off < size && sh->bad < 10; off++) {
        int play = stride_games && off % (uint32_t)stride_games == 0;
        if (play)
            games++;
        pid = fork();
        if (pid == 0) {
            rng_state = 0x1234567u + off * 2654435761u;
            uint8_t *b = board_flash() + addr + off;
            *b ^= (uint8_t)rnd_range(1, 255);
            cap_clear();
            if (!board_run_until_line("ttt: ready", 3000)) {
                fail("table byte %u changed: no banner", off);
                _exit(0);
            }
            if (cap_find("ttt: table CRC bad, using solver") < 0) {
                fail("table byte %u changed: not detected", off);
                _exit(0);
            }
            __atomic_fetch_add(&sh->detected, 1, __ATOMIC_SEQ_CST);
            if (play) {
                board_run_ms(1000);
                char what[64];
                snprintf(what, sizeof what, "table byte %u changed", off);
                if (console_game_check(what, off & 1) == 0)
                    __atomic_fetch_add(&sh->games, 1, __ATOMIC_SEQ_CST);
            }
            check_chip("table");
            _exit(0);
        }
        if (++running >= NPROC) {
            wait(&status);
            running--;
        }
    }
    while (wait(&status) > 0)
        ;
    printf("sim_table: %s at 0x%x, %u bytes: corrupted %u (each byte once, random xor), "
           "detected %ld; console games with random person moves %ld (person X and O "
           "alternately), AI moves checked value-preserving %ld; failures %ld, %.1f s\n", name,
           addr, size, size, sh->detected, sh->games, sh->nodes, sh->bad, wall() - t0);
    if (sh->bad || sh->detected != (long)size) {
        printf("sim_table: FAILED: %s\n", sh->first_error);
        return 1;
    }
    printf("sim_table: ok\n");
    return 0;
}

/* ---- 4. power cut during EEPROM updates ---------------------------------------- */

static uint64_t ee_first, ee_last;
static long ee_writes;
static void on_eecr(uint8_t v, void *ctx)
{
    (void)ctx;
    if (v & 0x02) { /* EEPE: a byte write starts (3.4 ms on the real chip) */
        uint64_t now = board_now();
        if (!ee_first)
            ee_first = now;
        ee_last = now;
        ee_writes++;
    }
}

static int read_stats(char *out, size_t len)
{
    cap_clear();
    board_serial_line("stats");
    cap_wait(1, 1000);
    out[0] = 0;
    for (int i = 0; i < cap_n; i++) {
        strncat(out, cap[i], len - strlen(out) - 2);
        strcat(out, "|");
    }
    return cap_n > 0 && cap_find("error") < 0 ? 0 : -1;
}

static int cmd_powercut(int trials)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    board_on_eecr(on_eecr, NULL);
    /* One finished game so the stats are not the defaults, then the next game up to its
     * last move: person X plays the corner, the AI answers, ..., by console moves. */
    rng_state = 42;
    if (console_game_check("powercut setup", 1) != 0) {
        printf("sim_powercut: FAILED: %s\n", sh->first_error);
        return 1;
    }
    board_run_ms(500);
    /* second game: play until one person move would end it */
    uint16_t x = 0, o = 0;
    cap_clear();
    board_serial_line("new x");
    cap_wait(1, 500);
    int final_cell = -1, guard = 0;
    for (;;) {
        /* person X keeps the draw (value 0) so the game runs to its ninth move */
        int cell = -1;
        for (int c = 0; c < 9 && cell < 0 && final_cell < 0; c++) {
            if ((x | o) >> c & 1)
                continue;
            uint16_t x2 = (uint16_t)(x | 1u << c);
            if ((x2 | o) == 0x1ff)
                final_cell = c;
            else if (!win_cells(x2) && negamax(x2, o) == 0)
                cell = c;
        }
        if (final_cell >= 0 || cell < 0)
            break;
        if (++guard > 20)
            break;
        /* a move that does not end the game; does the AI then win? fine, it ends */
        char cmd[16];
        snprintf(cmd, sizeof cmd, "move %d", cell + 1);
        cap_clear();
        board_serial_line(cmd);
        x |= (uint16_t)(1u << cell);
        uint64_t end = board_now() + BOARD_MS(2000);
        int idx = -1;
        while (board_now() < end && (idx = cap_find("ai: ")) < 0)
            board_run_ms(2);
        if (idx < 0)
            break;
        o |= (uint16_t)(1u << (atoi(cap[idx] + 4) - 1));
        board_run_ms(50);
        if (win_cells(o)) {
            /* the AI won: start again from a new game */
            board_run_ms(300);
            x = o = 0;
            cap_clear();
            board_serial_line("new x");
            cap_wait(1, 500);
            final_cell = -1;
        }
    }
    if (final_cell < 0) {
        printf("sim_powercut: FAILED: could not reach a game's last move\n");
        return 1;
    }
    board_run_ms(700);
    char old_stats[1024], new_stats[1024];
    char move_cmd[16];
    snprintf(move_cmd, sizeof move_cmd, "move %d", final_cell + 1);
    /* references: cut before the move, and after everything settled */
    int fd[2];
    if (pipe(fd) != 0)
        return 1;
    pid_t pid = fork();
    if (pid == 0) {
        board_power_cycle();
        board_run_until_line("ttt: ready", 3000);
        board_run_ms(1000);
        read_stats(old_stats, sizeof old_stats);
        if (write(fd[1], old_stats, sizeof old_stats) < 0)
            _exit(1);
        ee_first = ee_last = 0;
        _exit(0);
    }
    waitpid(pid, NULL, 0);
    if (read(fd[0], old_stats, sizeof old_stats) != (ssize_t)sizeof old_stats)
        return 1;
    uint64_t window[3];
    pid = fork();
    if (pid == 0) {
        uint64_t t_move = board_now();
        ee_first = ee_last = 0;
        ee_writes = 0;
        board_serial_line(move_cmd);
        board_run_ms(2000);
        window[2] = (uint64_t)ee_writes;
        window[0] = ee_first ? ee_first - t_move : 0;
        window[1] = ee_last ? ee_last - t_move : 0;
        board_power_cycle();
        board_run_until_line("ttt: ready", 3000);
        board_run_ms(1000);
        read_stats(new_stats, sizeof new_stats);
        if (write(fd[1], new_stats, sizeof new_stats) < 0 || write(fd[1], window, sizeof window) < 0)
            _exit(1);
        _exit(0);
    }
    waitpid(pid, NULL, 0);
    if (read(fd[0], new_stats, sizeof new_stats) != (ssize_t)sizeof new_stats ||
        read(fd[0], window, sizeof window) != (ssize_t)sizeof window)
        return 1;
    if (!strcmp(old_stats, new_stats) || !window[0]) {
        printf("sim_powercut: FAILED: the last move did not change the stats in EEPROM "
               "(old '%s', new '%s', EEPROM writes %s)\n", old_stats, new_stats,
               window[0] ? "seen" : "none");
        return 1;
    }
    /* trials: cut at a random instant from 0.2 ms before the first EEPROM write to 20 ms
     * after the last one starts; a byte whose 3.4 ms write was under way is torn. */
    uint64_t lo = window[0] - BOARD_MS(1) / 5, hi = window[1] + BOARD_MS(20);
    int running = 0;
    for (int t = 0; t < trials && sh->bad < 10; t++) {
        pid = fork();
        if (pid == 0) {
            rng_state = 0xabcdefu + (uint32_t)t * 7919u;
            uint64_t cut = lo + (uint64_t)rnd() * (uint64_t)rnd() % (hi - lo + 1);
            uint64_t t_move = board_now();
            ee_first = ee_last = 0;
            board_serial_line(move_cmd);
            board_run_until(t_move + cut);
            uint16_t ee_addr;
            int torn = board_eeprom_busy(&ee_addr) && ee_addr < 1024;
            uint8_t ee[1024];
            if (torn) {
                /* the cell being programmed holds anything after the cut */
                board_eeprom_get(ee, sizeof ee);
                ee[ee_addr] = (uint8_t)rnd();
                board_eeprom_set(ee, sizeof ee);
                __atomic_fetch_add(&sh->torn, 1, __ATOMIC_SEQ_CST);
            }
            board_power_cycle();
            char got[1024];
            if (!board_run_until_line("ttt: ready", 3000))
                fail("power cut %d: no banner after the cut", t);
            board_run_ms(1000);
            read_stats(got, sizeof got);
            if (!strcmp(got, old_stats))
                __atomic_fetch_add(&sh->old_seen, 1, __ATOMIC_SEQ_CST);
            else if (!strcmp(got, new_stats))
                __atomic_fetch_add(&sh->new_seen, 1, __ATOMIC_SEQ_CST);
            else
                fail("power cut %d at +%.3f ms: stats '%s' are neither old '%s' nor new '%s'", t,
                     (double)cut / 16000.0, got, old_stats, new_stats);
            __atomic_fetch_add(&sh->trials, 1, __ATOMIC_SEQ_CST);
            check_chip("powercut");
            _exit(0);
        }
        if (++running >= NPROC) {
            wait(NULL);
            running--;
        }
    }
    while (wait(NULL) > 0)
        ;
    printf("sim_powercut: trials %ld (the game's last move writes %lu EEPROM bytes, 3.4 ms "
           "each; cut between %.2f and %.2f ms after the move, EEPROM kept, the byte being "
           "written torn %ld times): old stats %ld, new stats %ld, garbage %ld, %.1f s\n",
           sh->trials, (unsigned long)window[2], (double)lo / 16000.0, (double)hi / 16000.0,
           sh->torn, sh->old_seen, sh->new_seen, sh->bad, wall() - t0);
    if (sh->bad || sh->trials < trials) {
        printf("sim_powercut: FAILED: %s\n", sh->first_error);
        return 1;
    }
    printf("sim_powercut: ok\n");
    return 0;
}

/* ---- 5. serial garbage --------------------------------------------------------- */

static int cmd_garbage(long bytes_goal)
{
    double t0 = wall();
    if (boot() != 0)
        return 1;
    rng_state = 777;
    long bytes = 0, lines_sent = 0, errors = 0, overlong = 0;
    /* no command starts with these (help board move new level stats solve hint) */
    static const char first[] = "acdefgijkpqrtuvwxyz0123456789!#$%&*+-/<=>?@[]^_{}~";
    while (bytes < bytes_goal && !sh->bad) {
        char buf[300];
        int len = rnd() % 100 < 20 ? (int)rnd_range(41, 250) : (int)rnd_range(1, 40);
        buf[0] = first[rnd() % (sizeof first - 1)];
        for (int i = 1; i < len; i++) {
            uint8_t c;
            do
                c = (uint8_t)rnd();
            while (c == '\n' || c == '\r');
            buf[i] = (char)c;
        }
        if (len > 40)
            overlong++;
        cap_clear();
        board_serial_send(buf, (size_t)len);
        board_serial_send("\n", 1);
        bytes += len + 1;
        lines_sent++;
        uint64_t end = board_now() + BOARD_MS(500);
        while (cap_n == 0 && board_now() < end)
            board_run_ms(1);
        board_run_ms(5);
        if (cap_n != 1 || strncmp(cap[0], "error: ", 7)) {
            fail("garbage line %ld (%d bytes): answer '%s' (%d lines)", lines_sent, len,
                 cap_n ? cap[0] : "", cap_n);
            break;
        }
        errors++;
    }
    /* a burst without waiting: 2000 random bytes, then a newline, then help */
    char burst[2000];
    for (size_t i = 0; i < sizeof burst; i++)
        burst[i] = (char)(rnd() % 255 + 1);
    board_serial_send(burst, sizeof burst);
    board_serial_send("\n", 1);
    bytes += (long)sizeof burst + 1;
    board_run_ms(1000);
    cap_clear();
    board_serial_line("help");
    cap_wait(1, 500);
    if (cap_n < 1 || cap_find("error") >= 0)
        fail("after the garbage, 'help' answered '%s'", cap_n ? cap[0] : "(nothing)");
    /* the game still works through the buttons */
    board_run_ms(300);
    board_press(4, PRESS_MS);
    int ok_game = 0;
    uint64_t end = board_now() + BOARD_MS(2000);
    while (board_now() < end && !ok_game) {
        board_run_until(board_now() + BOARD_WINDOW_CYCLES);
        pic_t p = pic_parse(board_picture());
        if (stable() && (p.x >> 4 & 1) && popc(p.o) == 1 && !p.blink)
            ok_game = 1;
    }
    if (!ok_game)
        fail("after the garbage, pressing cell 5 did not give X on 5 and an AI answer (%s)",
             board_picture());
    check_chip("garbage");
    printf("sim_garbage: bytes %ld in %ld lines (%ld overlong) + a 2000-byte burst, error "
           "answers %ld, game works afterwards: %s, failures %ld, %.1f s\n", bytes, lines_sent,
           overlong, errors, ok_game ? "yes" : "no", sh->bad, wall() - t0);
    if (sh->bad) {
        printf("sim_garbage: FAILED: %s\n", sh->first_error);
        return 1;
    }
    printf("sim_garbage: ok\n");
    return 0;
}

/* ---- bench --------------------------------------------------------------------- */

static int cmd_bench(void)
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
        int fd[2];
        if (pipe(fd) != 0)
            return 1;
        if (fork() == 0) {
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
            if (write(fd[1], &ms, sizeof ms) < 0)
                _exit(1);
            _exit(0);
        }
        double ms = -1;
        wait(NULL);
        if (read(fd[0], &ms, sizeof ms) == (ssize_t)sizeof ms && ms >= 0) {
            sum += ms;
            n++;
            if (ms > worst)
                worst = ms;
        }
        close(fd[0]);
        close(fd[1]);
    }
    /* stack: boot (table check, greeting) and then a whole game through the buttons */
    uint16_t boot_min_sp = boot_sp;
    board_clear_counters();
    uint16_t x = 0, o = 0;
    human_x = 1;
    for (int cell = 0; cell < 9; cell++) {
        if ((x | o) >> cell & 1)
            continue;
        if (human_move(cell, &x, &o) != 1)
            break;
        cell = -1;
    }
    uint16_t ramend = 0x8ff;
    printf("press_to_led_ms %.2f\n", n ? sum / n : -1.0); /* from the release of a tap */
    printf("press_to_led_worst_ms %.2f\n", worst);
    printf("idle_awake_percent %.2f\n", idle);
    uint16_t min_sp = board_status()->min_sp < boot_min_sp ? board_status()->min_sp : boot_min_sp;
    printf("stack_peak_bytes %u\n", (unsigned)(ramend - min_sp));
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: sim_proofs exhaustive|fuzz [N]|table [STRIDE]|powercut [N]|"
                        "garbage [BYTES]|bench [ELF]\n");
        return 2;
    }
    debug = getenv("SIM_DEBUG") != NULL;
    const char *e = getenv("SIM_ELF");
    if (e && *e)
        elf = e;
    engine_init();
    sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED)
        return 1;
    memset(sh, 0, sizeof *sh);
    setvbuf(stdout, NULL, _IOLBF, 0);
    long arg = argc > 2 ? atol(argv[2]) : 0;
    if (!strcmp(argv[1], "exhaustive"))
        return cmd_exhaustive();
    if (!strcmp(argv[1], "fuzz"))
        return cmd_fuzz(arg ? arg : 100000);
    if (!strcmp(argv[1], "table"))
        return cmd_table(arg ? (int)arg : 64);
    if (!strcmp(argv[1], "powercut"))
        return cmd_powercut(arg ? (int)arg : 1000);
    if (!strcmp(argv[1], "garbage"))
        return cmd_garbage(arg ? arg : 10000);
    if (!strcmp(argv[1], "bench"))
        return cmd_bench();
    fprintf(stderr, "sim_proofs: unknown command %s\n", argv[1]);
    return 2;
}
