/* sim/ttt_sim.c - ttt-sim: the simulated board for people (terminal UI, real time) and
 * for scripts (--stdio: line protocol, simulated time advances only in press/hold/wait).
 * Protocol and keys are documented in the top README ("The simulator"). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "board.h"

#define DEFAULT_ELF "build/avr/ttt.elf"
#define PRESS_MS 80u
#define LONG_MS 1000u

/* ---- --stdio ------------------------------------------------------------------- */

static char printed[BOARD_CELLS + 1];
static char printed_ghosts[BOARD_CELLS + 1];

static void stdio_line(const char *line, void *ctx)
{
    (void)ctx;
    printf("serial %s\n", line);
}

/* After each window: report a picture that has been stable for 50 ms and is new. */
static void stdio_report(void)
{
    uint64_t now = board_now();
    if (now - board_picture_since() >= BOARD_MS(BOARD_STABLE_MS) &&
        strcmp(printed, board_picture())) {
        strcpy(printed, board_picture());
        printf("leds %s\n", printed);
    }
    if (strcmp(printed_ghosts, board_ghosts())) {
        strcpy(printed_ghosts, board_ghosts());
        printf("ghost %s\n", printed_ghosts);
    }
}

static int stdio_run_ms(uint32_t ms)
{
    uint64_t end = board_now() + BOARD_MS(ms);
    while (board_now() < end) {
        uint64_t step = board_now() + BOARD_WINDOW_CYCLES;
        if (board_run_until(step < end ? step : end) < 0) {
            printf("error: simulated chip stopped (crash or sleep with interrupts off)\n");
            return -1;
        }
        stdio_report();
    }
    return 0;
}

static int parse_cell(const char *s, int *cell)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < 1 || v > 9)
        return -1;
    *cell = (int)v - 1;
    return (int)(end - s);
}

static int run_stdio(void)
{
    char line[1024];
    memset(printed, 0, sizeof printed);
    memset(printed_ghosts, '.', BOARD_CELLS);
    board_on_line(stdio_line, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        int cell, n;
        char *end;
        if (!strcmp(line, "quit")) {
            break;
        } else if (!strncmp(line, "press ", 6) && (n = parse_cell(line + 6, &cell)) > 0 &&
                   line[6 + n] == 0) {
            board_keys_set((uint16_t)(board_keys() | (1u << cell)));
            if (stdio_run_ms(PRESS_MS) < 0)
                return 1;
            board_keys_set((uint16_t)(board_keys() & ~(1u << cell)));
        } else if (!strncmp(line, "hold ", 5) && (n = parse_cell(line + 5, &cell)) > 0 &&
                   line[5 + n] == ' ') {
            long ms = strtol(line + 5 + n + 1, &end, 10);
            if (end == line + 5 + n + 1 || *end || ms < 0 || ms > 3600000) {
                printf("error: usage: hold N MS (N 1-9, MS 0-3600000)\n");
                continue;
            }
            board_keys_set((uint16_t)(board_keys() | (1u << cell)));
            if (stdio_run_ms((uint32_t)ms) < 0)
                return 1;
            board_keys_set((uint16_t)(board_keys() & ~(1u << cell)));
        } else if (!strncmp(line, "press ", 6)) {
            printf("error: usage: press N (N 1-9)\n");
        } else if (!strncmp(line, "hold ", 5)) {
            printf("error: usage: hold N MS (N 1-9, MS 0-3600000)\n");
        } else if (!strncmp(line, "wait ", 5)) {
            long ms = strtol(line + 5, &end, 10);
            if (end == line + 5 || *end || ms < 0 || ms > 3600000) {
                printf("error: usage: wait MS (0-3600000)\n");
                continue;
            }
            if (stdio_run_ms((uint32_t)ms) < 0)
                return 1;
        } else if (!strncmp(line, "serial ", 7) || !strcmp(line, "serial")) {
            board_serial_line(line[6] ? line + 7 : "");
        } else {
            printf("error: unknown command '%.60s' (press N, hold N MS, wait MS, serial TEXT, "
                   "quit)\n", line);
        }
    }
    return 0;
}

/* ---- terminal UI --------------------------------------------------------------- */

static struct termios saved_tio;
static int tio_saved;
static volatile sig_atomic_t quit_flag;

static void term_restore(void)
{
    if (tio_saved) {
        tcsetattr(0, TCSANOW, &saved_tio);
        tio_saved = 0;
        fputs("\033[0m\033[?25h\033[?1049l", stdout);
        fflush(stdout);
    }
}

static void on_signal(int sig)
{
    (void)sig;
    quit_flag = 1;
}

#define LOG_LINES 14
#define LOG_WIDTH 76
static char log_buf[LOG_LINES][LOG_WIDTH + 1];
static int log_count;

static void log_push(const char *text)
{
    if (log_count == LOG_LINES) {
        memmove(log_buf[0], log_buf[1], sizeof log_buf[0] * (LOG_LINES - 1));
        log_count--;
    }
    snprintf(log_buf[log_count++], LOG_WIDTH + 1, "%s", text);
}

static void ui_line(const char *line, void *ctx)
{
    (void)ctx;
    char buf[LOG_WIDTH + 1];
    snprintf(buf, sizeof buf, "< %s", line);
    log_push(buf);
}

static uint64_t mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void draw(const char *elf, int numpad, int long_mode, const char *input, int editing,
                 const char *status)
{
    const char *pic = board_picture();
    printf("\033[H\033[0m ttt-sim: %s  (simulated Uno + shield, 16 MHz)\033[K\r\n\r\n", elf);
    for (int r = 0; r < 3; r++) {
        for (int line = 0; line < 3; line++) {
            printf("  ");
            for (int c = 0; c < 3; c++) {
                int cell = r * 3 + c;
                char p = pic[cell];
                int blink = p >= 'A' && p <= 'Z';
                char lc = (char)(blink ? p - 'A' + 'a' : p);
                const char *bg = lc == 'r' ? "\033[41;97m" : lc == 'g' ? "\033[42;30m"
                               : lc == 'y' ? "\033[43;30m" : "\033[100;37m";
                if (blink && ((board_now() / BOARD_MS(250)) & 1))
                    bg = "\033[100;37m";
                int label = numpad ? (6 - 3 * r) + c + 1 : cell + 1;
                /* the color is also spelled out, for terminals without color */
                const char *word = lc == 'r' ? "  red  " : lc == 'g' ? " green " :
                                   lc == 'y' ? "yellow " : "       ";
                if (line == 1)
                    printf("%s   %d   \033[0m ", bg, label);
                else if (line == 2)
                    printf("%s%s\033[0m ", bg, blink ? (((board_now() / BOARD_MS(250)) & 1) ?
                                                         "       " : word) : word);
                else
                    printf("%s       \033[0m ", bg);
            }
            printf("\033[K\r\n");
        }
        printf("\033[K\r\n");
    }
    printf("\033[K\r\n keys %s press a cell; shift+digit or 'l' then digit = long press%s\033[K\r\n",
           numpad ? "7-8-9/4-5-6/1-2-3 (numpad layout, 'n' toggles)"
                  : "1-9 (reading order, 'n' = numpad layout)",
           long_mode ? "  [LONG]" : "");
    printf(" ':' type a console line, Enter sends  |  'q' quit\033[K\r\n");
    printf(" %s\033[K\r\n", status);
    printf("\033[K\r\n serial console:\033[K\r\n");
    for (int i = 0; i < LOG_LINES; i++)
        printf("  %s\033[K\r\n", i < log_count ? log_buf[i] : "");
    if (editing)
        printf(" > %s\033[K", input);
    else
        printf("\033[K");
    printf("\033[J");
    fflush(stdout);
}

static int key_to_cell(int ch, int numpad, int *is_long)
{
    static const char shifted[] = "!@#$%^&*(";
    *is_long = 0;
    const char *s = strchr(shifted, ch);
    int digit = 0;
    if (ch >= '1' && ch <= '9')
        digit = ch - '0';
    else if (s && ch) {
        digit = (int)(s - shifted) + 1;
        *is_long = 1;
    }
    if (!digit)
        return -1;
    if (!numpad)
        return digit - 1;
    int row = 2 - (digit - 1) / 3, col = (digit - 1) % 3;
    return row * 3 + col;
}

static int run_play(const char *elf)
{
    if (!isatty(0) || !isatty(1)) {
        fprintf(stderr, "ttt-sim: play mode needs a terminal (use --stdio for scripts)\n");
        return 2;
    }
    tcgetattr(0, &saved_tio);
    tio_saved = 1;
    atexit(term_restore);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    struct termios raw = saved_tio;
    cfmakeraw(&raw);
    tcsetattr(0, TCSANOW, &raw);
    fputs("\033[?1049h\033[?25l\033[2J", stdout);
    board_on_line(ui_line, NULL);
    int numpad = 0, long_next = 0, editing = 0;
    char input[120] = "", status[120] = "ready";
    size_t input_len = 0;
    uint64_t t0 = mono_us(), sim0 = board_now(), last_draw = 0;
    uint64_t release_at[9] = {0}; /* when each held cell is let go (0 = not held) */
    while (!quit_flag) {
        /* real time: run the chip up to the wall clock, 2 ms at a time */
        uint64_t wall = mono_us() - t0;
        uint64_t target = sim0 + wall * (BOARD_F_CPU / 1000000u);
        if (board_now() < target) {
            uint64_t step = board_now() + BOARD_MS(2);
            for (int c = 0; c < 9; c++)
                if (release_at[c] && board_now() >= release_at[c]) {
                    release_at[c] = 0;
                    board_keys_set((uint16_t)(board_keys() & ~(1u << c)));
                }
            if (board_run_until(step < target ? step : target) < 0) {
                snprintf(status, sizeof status, "the simulated chip stopped (crash)");
                draw(elf, numpad, long_next, input, editing, status);
                sleep(2);
                break;
            }
            if (board_now() < target)
                continue;
        }
        if (mono_us() - last_draw > 33000) {
            draw(elf, numpad, long_next, input, editing, status);
            last_draw = mono_us();
        }
        fd_set rd;
        FD_ZERO(&rd);
        FD_SET(0, &rd);
        struct timeval tv = {0, 2000};
        if (select(1, &rd, NULL, NULL, &tv) <= 0)
            continue;
        unsigned char ch;
        if (read(0, &ch, 1) != 1)
            break;
        if (editing) {
            if (ch == '\r' || ch == '\n') {
                board_serial_line(input);
                char buf[LOG_WIDTH + 1];
                snprintf(buf, sizeof buf, "> %s", input);
                log_push(buf);
                editing = 0;
                input_len = 0;
                input[0] = 0;
            } else if (ch == 27) {
                editing = 0;
                input_len = 0;
                input[0] = 0;
            } else if ((ch == 127 || ch == 8) && input_len) {
                input[--input_len] = 0;
            } else if (ch >= ' ' && ch < 127 && input_len < sizeof input - 1) {
                input[input_len++] = (char)ch;
                input[input_len] = 0;
            }
            continue;
        }
        int is_long;
        int cell = key_to_cell(ch, numpad, &is_long);
        if (ch == 'q' || ch == 'Q' || ch == 3 || ch == 4) {
            break;
        } else if (ch == 'n' || ch == 'N') {
            numpad = !numpad;
        } else if (ch == 'l' || ch == 'L') {
            long_next = !long_next;
        } else if (ch == ':') {
            editing = 1;
        } else if (cell >= 0) {
            uint32_t ms = (is_long || long_next) ? LONG_MS : PRESS_MS;
            long_next = 0;
            board_keys_set((uint16_t)(board_keys() | (1u << cell)));
            release_at[cell] = board_now() + BOARD_MS(ms);
            snprintf(status, sizeof status, "%s press of cell %d", ms == LONG_MS ? "long" : "short",
                     cell + 1);
        }
    }
    term_restore();
    return 0;
}

int main(int argc, char **argv)
{
    int stdio_mode = 0;
    const char *elf = DEFAULT_ELF, *trace = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--stdio"))
            stdio_mode = 1;
        else if (!strcmp(argv[i], "--trace") && i + 1 < argc)
            trace = argv[++i];
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: ttt-sim [--stdio] [--trace FILE.vcd] [ELF]\n");
            return 2;
        } else
            elf = argv[i];
    }
    if (board_open_elf(elf) != 0) {
        fprintf(stderr, "ttt-sim: cannot load %s (build it with: make %s)\n", elf, elf);
        return 1;
    }
    if (trace && board_trace(trace) != 0) {
        fprintf(stderr, "ttt-sim: cannot write %s\n", trace);
        return 1;
    }
    int rc = stdio_mode ? run_stdio() : run_play(elf);
    board_trace_stop();
    return rc;
}
