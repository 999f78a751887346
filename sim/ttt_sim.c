/* sim/ttt_sim.c - ttt-sim: the simulated board for people (terminal UI, real time) and
 * for scripts (--stdio: line protocol, simulated time advances only in press/hold/wait).
 * Protocol and keys are documented in sim/README.md. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "game.h"
#include "menu.h"
#include "sound_wav.h"
#include "legend.h" /* build/gen: make play's legend (sim/legend.txt) */


#define DEFAULT_ELF "build/avr/ttt.elf"

/* ---- sound: --wav FILE, and the note mark of the play mode ------------------------ */

#define NOTE_SHOWN_MS 400 /* the mark stays this long after the last edge: a 10 ms click is seen */

static struct {
    sound_wav_t wav;
    int wav_on;
    uint64_t last, spacing; /* the last edge; the spacing of the last two */
    uint64_t run_first;     /* the first edge of the evenly spaced ones up to the last */
    uint32_t run_n;         /* their spacings */
    uint32_t hz;            /* the tone over that run (two spacings or more, within 2 %) */
} snd;

static void sound_edge(uint64_t cycle, int level, void *ctx)
{
    (void)ctx;
    if (snd.wav_on)
        sound_wav_edge(&snd.wav, cycle, level);
    uint64_t d = cycle - snd.last;
    if (snd.last && d * 50 >= snd.spacing * 49 && d * 49 <= snd.spacing * 50) {
        snd.run_n++;
        uint64_t span = 2 * (cycle - snd.run_first);
        snd.hz = (uint32_t)((BOARD_F_CPU * snd.run_n + span / 2) / span);
    } else {
        snd.run_first = snd.last;
        snd.run_n = 1;
    }
    snd.spacing = d;
    snd.last = cycle;
}

static int sound_open(const char *wav)
{
    board_on_sound(sound_edge, NULL);
    if (!wav)
        return 0;
    if (sound_wav_open(&snd.wav, wav, (uint32_t)BOARD_F_CPU) != 0) {
        fprintf(stderr, "ttt-sim: cannot write %s\n", wav);
        return -1;
    }
    snd.wav_on = 1;
    return 0;
}

static int sound_close(void)
{
    if (snd.wav_on && sound_wav_close(&snd.wav, board_now()) != 0) {
        fprintf(stderr, "ttt-sim: writing the WAV file failed\n");
        return -1;
    }
    return 0;
}

/* The status line with the note mark while a tone plays (and NOTE_SHOWN_MS after):
 * width columns in all. */
static void print_status(const char *status, int width)
{
    if (!snd.hz || board_now() - snd.last > BOARD_MS(NOTE_SHOWN_MS)) {
        printf(" %.*s\033[K\r\n", width, status);
        return;
    }
    printf(" %-*.*s \xe2\x99\xaa %5u Hz\033[K\r\n", width - 11, width - 11, status,
           (unsigned)snd.hz);
}

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

static uint64_t released_at = UINT64_MAX; /* the last release (press, hold, up) */

/* Close cell's contact for ms. A press at the very instant of a release (`press A` then
 * `press B`) comes BOARD_TAP_GAP_MS after it, as a quick tap does in `make play`: the
 * firmware sees the release alone first (sim/README.md, "Two quick taps"). */
static int stdio_hold(int cell, uint32_t ms)
{
    if (board_now() == released_at && stdio_run_ms(BOARD_TAP_GAP_MS) < 0)
        return -1;
    board_keys_set((uint16_t)(board_keys() | (1u << cell)));
    if (stdio_run_ms(ms) < 0)
        return -1;
    board_keys_set((uint16_t)(board_keys() & ~(1u << cell)));
    released_at = board_now();
    return 0;
}

/* `down`/`up`'s cells: one or more digits 1-9, single spaces between, each once. */
static int parse_cells(const char *s, uint16_t *cells)
{
    *cells = 0;
    for (;;) {
        if (*s < '1' || *s > '9' || ((*cells >> (*s - '1')) & 1u))
            return -1;
        *cells |= (uint16_t)(1u << (*s - '1'));
        if (!s[1])
            return 0;
        if (s[1] != ' ')
            return -1;
        s += 2;
    }
}

/* down N [N ...], up N [N ...]: those contacts closed (opened) now, together; no time
 * passes. A cell already down (not down) is an error and nothing changes. */
static void stdio_down_up(const char *line, int down)
{
    uint16_t cells, keys = board_keys();
    const char *name = down ? "down" : "up";
    if (parse_cells(line + (down ? 5 : 3), &cells) != 0) {
        printf("error: usage: %s N [N ...] (N 1-9, each once)\n", name);
        return;
    }
    uint16_t wrong = down ? (uint16_t)(cells & keys) : (uint16_t)(cells & ~keys);
    for (int c = 0; c < 9; c++)
        if ((wrong >> c) & 1u) {
            printf("error: %s: cell %d is %s\n", name, c + 1, down ? "down already" : "not down");
            return;
        }
    board_keys_set(down ? (uint16_t)(keys | cells) : (uint16_t)(keys & ~cells));
    if (!down)
        released_at = board_now();
}

/* press N, hold N MS, down/up N ...: 0 done, -1 the chip stopped, 1 no key command. */
static int stdio_key(const char *line)
{
    int cell, n;
    char *end;
    if (!strncmp(line, "down ", 5) || !strncmp(line, "up ", 3)) {
        stdio_down_up(line, line[0] == 'd');
        return 0;
    }
    int press = !strncmp(line, "press ", 6), hold = !strncmp(line, "hold ", 5);
    if (!press && !hold)
        return 1;
    long ms = BOARD_PRESS_MS;
    n = parse_cell(line + (press ? 6 : 5), &cell);
    if (n > 0 && hold && line[5 + n] == ' ') {
        ms = strtol(line + 5 + n + 1, &end, 10);
        if (end == line + 5 + n + 1 || *end || ms < 0 || ms > 3600000)
            n = 0;
    } else if (n > 0 && (hold || line[6 + n])) {
        n = 0;
    }
    if (n <= 0) {
        printf(press ? "error: usage: press N (N 1-9)\n"
                     : "error: usage: hold N MS (N 1-9, MS 0-3600000)\n");
        return 0;
    }
    if ((board_keys() >> cell) & 1u) {
        printf("error: %s: cell %d is down (up %d first)\n", press ? "press" : "hold", cell + 1,
               cell + 1);
        return 0;
    }
    return stdio_hold(cell, (uint32_t)ms);
}

/* duty [MS]: measures MS ms, then for each cell the meter's figures per die, and the
 * shades (sim/README.md "Scripting"). `arg`: after "duty", "" or " MS". */
static int stdio_duty(const char *arg)
{
    board_leds_t *l = board_leds();
    char *end;
    long ms = *arg ? strtol(arg + 1, &end, 10) : 1536;
    if ((*arg && (end == arg + 1 || *end)) || ms < 100 || ms > 3600000) {
        printf("error: usage: duty [MS] (100-3600000, default 1536)\n");
        return 0;
    }
    board_leds_meter_start(l, board_now());
    if (stdio_run_ms((uint32_t)ms) < 0)
        return -1;
    for (unsigned cell = 0; cell < BOARD_CELLS; cell++) {
        board_duty_t r = board_leds_meter_read(l, 2 * cell, board_now());
        board_duty_t g = board_leds_meter_read(l, 2 * cell + 1, board_now());
        printf("duty %u red %u %u %u green %u %u %u\n", cell + 1, r.on_permille,
               r.lit_permille, r.period_ms, g.on_permille, g.lit_permille, g.period_ms);
    }
    printf("duty shades %s\n", l->shades);
    return 0;
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
        char *end;
        int key = stdio_key(line);
        if (key < 0)
            return 1;
        if (!strcmp(line, "quit")) {
            break;
        } else if (key == 0) {
            continue;
        } else if (!strncmp(line, "wait ", 5)) {
            long ms = strtol(line + 5, &end, 10);
            if (end == line + 5 || *end || ms < 0 || ms > 3600000) {
                printf("error: usage: wait MS (0-3600000)\n");
                continue;
            }
            if (stdio_run_ms((uint32_t)ms) < 0)
                return 1;
        } else if (!strncmp(line, "duty ", 5) || !strcmp(line, "duty")) {
            if (stdio_duty(line + 4) < 0)
                return 1;
        } else if (!strncmp(line, "framing ", 8) && line[8] && !line[9]) {
            board_serial_framing_error((uint8_t)line[8]);
        } else if (!strncmp(line, "framing", 7)) {
            printf("error: usage: framing C (one character)\n");
        } else if (!strncmp(line, "serial ", 7) || !strcmp(line, "serial")) {
            board_serial_line(line[6] ? line + 7 : "");
        } else {
            printf("error: unknown command '%.60s' (press N, hold N MS, down N ..., up N ..., "
                   "wait MS, serial TEXT, duty [MS], quit)\n", line);
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

#define LOG_LINES 14 /* kept; the layout shows as many as fit */
#define LOG_WIDTH 76
static char log_buf[LOG_LINES][LOG_WIDTH + 1];
static int log_count;

#define LOG_WRAP 68 /* a longer line wraps at a space: it fits the 72-column layout */
#define READY_STATUS "ready: hold the centre 2 s for the menu, '?' for help"

static void log_add(const char *text, int len)
{
    if (log_count == LOG_LINES) {
        memmove(log_buf[0], log_buf[1], sizeof log_buf[0] * (LOG_LINES - 1));
        log_count--;
    }
    snprintf(log_buf[log_count++], LOG_WIDTH + 1, "%.*s", len, text);
}

/* A console line into the log, wrapped at word boundaries (continued 4 columns in). */
static void log_push(const char *text)
{
    char row[LOG_WRAP + 1];
    const char *indent = "";
    for (;;) {
        int room = LOG_WRAP - (int)strlen(indent), len = (int)strlen(text), cut = room;
        if (len <= room) {
            snprintf(row, sizeof row, "%s%s", indent, text);
            log_add(row, LOG_WRAP);
            return;
        }
        while (cut > room / 2 && text[cut] != ' ')
            cut--;
        if (text[cut] != ' ')
            cut = room; /* one long word: cut it */
        snprintf(row, sizeof row, "%s%.*s", indent, cut, text);
        log_add(row, LOG_WRAP);
        text += cut;
        while (*text == ' ')
            text++;
        indent = "    ";
    }
}

/* A line from the board answers the press being judged (play_t's v_*). */
static int answers_press(const char *line)
{
    return strncmp(line, "ai: ", 4) && strncmp(line, "result: ", 8) && strncmp(line, "ttt: ", 5) &&
           !strstr(line, "ignored");
}

/* The board's answer to the press being judged: whether it came, and its line (which
 * names what the press did: a move, a setting's value, the statistics). */
typedef struct {
    int answered;
    char line[72];
} answer_t;

/* The game in play (firmware/README.md, "Three games"), as the board's lines say it:
 * `game: fading`, or a new game's line, which ends with the game unless it is normal. */
static char game_in_play[16] = "normal";
static void note_game(const char *line)
{
    static const char *const games[] = {"misere", "fading"};
    if (!strncmp(line, "game: ", 6)) {
        snprintf(game_in_play, sizeof game_in_play, "%s", line + 6);
    } else if (!strncmp(line, "new: ", 5)) {
        size_t n = strlen(line);
        snprintf(game_in_play, sizeof game_in_play, "normal");
        for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
            size_t k = strlen(games[i]);
            if (n > k + 2 && !strcmp(line + n - k, games[i]) && line[n - k - 2] == ',')
                snprintf(game_in_play, sizeof game_in_play, "%s", games[i]);
        }
    }
}

static void ui_line(const char *line, void *ctx)
{
    answer_t *a = ctx;
    note_game(line);
    if (a && answers_press(line)) {
        a->answered = 1;
        snprintf(a->line, sizeof a->line, "%s", line);
    }
    char buf[BOARD_LINE_MAX + 3];
    snprintf(buf, sizeof buf, "< %s", line);
    log_push(buf);
}

static uint64_t mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Layouts: FULL (cells 3 rows tall, 80x35), COMPACT (cells 2 rows tall with the key help
 * beside the grid, 72x14; a standard 80x24 terminal shows 14 console lines), or a
 * message when even COMPACT does not fit. Chosen from the terminal size at each draw. */
enum { LAYOUT_TOO_SMALL, LAYOUT_COMPACT, LAYOUT_FULL };
#define FULL_COLS 80
#define FULL_ROWS 35
#define COMPACT_COLS 72
#define COMPACT_ROWS 14
static volatile sig_atomic_t resized = 1;
static void on_winch(int sig)
{
    (void)sig;
    resized = 1;
}

static void term_size(int *cols, int *rows)
{
    struct winsize ws;
    if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col && ws.ws_row) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    } else {
        *cols = 80;
        *rows = 24;
    }
}

static int layout_for(int cols, int rows)
{
    if (cols >= FULL_COLS && rows >= FULL_ROWS)
        return LAYOUT_FULL;
    if (cols >= COMPACT_COLS && rows >= COMPACT_ROWS)
        return LAYOUT_COMPACT;
    return LAYOUT_TOO_SMALL;
}

/* The cell's position as the person sees it on the grid. */
static const char *const cell_place[9] = {"top left", "top middle", "top right",
                                           "middle left", "centre", "middle right",
                                           "bottom left", "bottom middle", "bottom right"};

/* The key that presses `cell` in the layout shown. */
static int cell_key(int cell, int numpad)
{
    int r = cell / 3, c = cell % 3;
    return numpad ? (6 - 3 * r) + c + 1 : cell + 1;
}

/* A lit cell below full brightness (the board's levels, color-blind mode's dim cells):
 * the share of full it is lit for, in percent; 100 when full or not yet shaded. */
static int cell_percent(int cell)
{
    int shade = board_leds()->shades[cell] - '0';
    if (shade < 1 || shade >= (int)BOARD_SHADE_FULL)
        return 100;
    int permille = 1000 >> (2 * ((int)BOARD_SHADE_FULL - shade)); /* a quarter per shade */
    return (permille + 5) / 10 ? (permille + 5) / 10 : 1;
}

/* The cell's background: its color, darker for each shade below full (256 colors). */
static const char *cell_bg(char lc, int percent)
{
    static const char *const bg[3][4] = {
        {"\033[48;5;52;97m", "\033[48;5;88;97m", "\033[48;5;124;97m", "\033[41;97m"},
        {"\033[48;5;22;97m", "\033[48;5;22;97m", "\033[48;5;28;97m", "\033[42;30m"},
        {"\033[48;5;58;97m", "\033[48;5;94;97m", "\033[48;5;136;97m", "\033[43;30m"}};
    int k = percent >= 100 ? 3 : percent >= 25 ? 2 : percent >= 6 ? 1 : 0;
    return lc == 'r' ? bg[0][k] : lc == 'g' ? bg[1][k] : lc == 'y' ? bg[2][k] : "\033[100;37m";
}

/* One text row of a cell: `line` 0 = top padding, 1 = the key (and the brightness when
 * below full), 2 = the colour's name. */
static void draw_cell(int cell, int line, int numpad)
{
    char p = board_picture()[cell];
    int blink = p >= 'A' && p <= 'Z';
    char lc = (char)(blink ? p - 'A' + 'a' : p);
    int dark_half = blink && ((board_now() / BOARD_MS(250)) & 1);
    int percent = lc == '.' ? 100 : cell_percent(cell);
    const char *bg = dark_half ? "\033[100;37m" : cell_bg(lc, percent);
    /* the color (and a brightness below full) also spelled out, for terminals without color */
    const char *word = lc == 'r' ? "  red  " : lc == 'g' ? " green " :
                       lc == 'y' ? "yellow " : "       ";
    if (line == 1 && percent < 100 && !dark_half)
        printf("%s %d %2d%% \033[0m ", bg, cell_key(cell, numpad), percent);
    else if (line == 1)
        printf("%s   %d   \033[0m ", bg, cell_key(cell, numpad));
    else if (line == 2)
        printf("%s%s\033[0m ", bg, dark_half ? "       " : word);
    else
        printf("%s       \033[0m ", bg);
}

/* The last `lines` console lines and the input line, each cut to the width. */
static void draw_console(int lines, int cols, const char *input, int editing)
{
    int first = log_count > lines ? log_count - lines : 0;
    for (int i = 0; i < lines; i++) {
        int k = first + i;
        printf("  %.*s\033[K\r\n", cols - 3, k < log_count ? log_buf[k] : "");
    }
    size_t len = strlen(input), room = (size_t)cols - 4;
    if (editing)
        printf(" > %s\033[K", len > room ? input + len - room : input);
    else
        printf(" ':' to type a console line\033[K");
    printf("\033[J");
}

/* short lines: they must not wrap in the smallest window */
static void draw_too_small(int cols, int rows)
{
    printf("This terminal is %dx%d: too small.\033[K\r\n", cols, rows);
    printf("The board needs at least %dx%d\033[K\r\n", COMPACT_COLS, COMPACT_ROWS);
    printf("(%dx%d for big cells). Enlarge\033[K\r\n", FULL_COLS, FULL_ROWS);
    printf("the window, or press 'q' to quit.\033[K\r\n");
    printf("Other keys do nothing here.\033[K\033[J");
}

/* The board's menu, its long labels from the firmware's table (firmware/game/menu.h); the
 * choices in the cells' places, labelled with the keys of the layout shown; then how to
 * read the board: sim/legend.txt, as build/gen/legend.h (the same lines as ttt-sim-js's,
 * every line at most 70 columns: the compact layout's 72). */
#define MENU_LONG(cell, action, arg, lng, shrt) lng,
static const char *const menu_choice[9] = {GAME_MENU(MENU_LONG)};

static void legend_line(int i, int numpad, int cols)
{
    char row[96];
    int r = legend[i].menu_row;
    if (r < 0) {
        snprintf(row, sizeof row, "%s", legend[i].text);
    } else {
        int n = 0;
        for (int c = 0; c < 3; c++)
            n += snprintf(row + n, sizeof row - (size_t)n, "%d %-14s", cell_key(r * 3 + c, numpad),
                          menu_choice[r * 3 + c]);
        snprintf(row + n, sizeof row - (size_t)n, "%s", legend[i].text);
    }
    printf(" %.*s\033[K\r\n", cols - 2, row);
}

/* the play mode's state, as drawn */
typedef struct {
    const char *name; /* the image's file name */
    int numpad, long_next, editing, legend;
    int esc;         /* ESC_*: where in an escape sequence the keys are */
    uint64_t esc_us; /* when a lone ESC came */
    char input[120], status[160];
    size_t input_len;
    uint64_t release_at[9]; /* when each held cell is let go (0 = not held) */
    /* presses waiting for a held cell's release and BOARD_TAP_GAP_MS more, in order */
    uint8_t waiting_cell[9];
    uint32_t waiting_ms[9];
    unsigned waiting;
    uint64_t released_at; /* the last release */
    /* a digit key held in the terminal arrives as auto-repeat: the cell it holds, when its
     * last byte came, and whether it has repeated (a hold, not a tap) */
    int key_cell, key_repeated;
    uint64_t key_at, key_last;
    /* the last press, until the board's answer (any console line but an AI move, a
     * result, a "ttt:" notice or an "ignored") or ANSWER_MS after its release */
    int v_cell, v_long;
    answer_t v_answer;
    uint64_t v_down, v_decide_at;
    char v_what[80];
} play_t;

static void draw_full(const play_t *p, int cols)
{
    printf(" ttt-sim: %.40s  (simulated Uno + shield, 16 MHz)  game: %s\033[K\r\n\033[K\r\n",
           p->name, game_in_play);
    for (int r = 0; r < 3; r++) {
        for (int line = 0; line < 3; line++) {
            printf("  ");
            for (int c = 0; c < 3; c++)
                draw_cell(r * 3 + c, line, p->numpad);
            printf("\033[K\r\n");
        }
        printf("\033[K\r\n");
    }
    printf(" keys %s; 'n' switches%s\033[K\r\n",
           p->numpad ? "7-8-9 top row, 1-2-3 bottom (numeric keypad)"
                     : "1-9 in reading order (1 top left)",
           p->long_next ? "  [LONG]" : "");
    printf(" shift+digit or 'l',digit: long press  ':' console  '?' help  'q' quit\033[K\r\n");
    print_status(p->status, 78);
    if (p->legend) {
        printf("\033[K\r\n");
        for (int i = 0; i < LEGEND_LINES; i++)
            legend_line(i, p->numpad, cols);
        printf(" '?' back to the serial console\033[K\033[J");
        return;
    }
    printf("\033[K\r\n serial console:\033[K\r\n");
    draw_console(LOG_LINES, cols, p->input, p->editing);
}

/* cells 2 rows tall; the key help beside the grid */
static void draw_compact(const play_t *p, int cols, int rows)
{
    char help[6][64];
    snprintf(help[0], sizeof help[0], "ttt-sim: %.30s  game: %s", p->name, game_in_play);
    snprintf(help[1], sizeof help[1], "keys %s%s",
             p->numpad ? "7-8-9 top, 1-2-3 bottom" : "1-9 in reading order",
             p->long_next ? "  [LONG]" : "");
    snprintf(help[2], sizeof help[2], "  'n' numeric keypad layout");
    snprintf(help[3], sizeof help[3], "shift+digit or 'l',digit: long press");
    snprintf(help[4], sizeof help[4], "':' console line   'q' quit");
    snprintf(help[5], sizeof help[5], "'?' %s", p->legend ? "back to the console" : "menu, colours, help");
    for (int row = 0; row < 6; row++) {
        int r = row / 2;
        printf("  ");
        for (int c = 0; c < 3; c++)
            draw_cell(r * 3 + c, row % 2 + 1, p->numpad);
        printf(" %s\033[K\r\n", help[row]);
    }
    if (p->legend) { /* in place of the status, the console and its input */
        for (int i = 0; i < LEGEND_LINES && i < rows - 6; i++)
            legend_line(i, p->numpad, cols);
        printf("\033[J");
        return;
    }
    print_status(p->status, 70);
    printf(" serial console:\033[K\r\n");
    /* title row is in the help column: 6 grid + status + header + input = 9 */
    int lines = rows - 9;
    draw_console(lines > LOG_LINES ? LOG_LINES : lines, cols, p->input, p->editing);
}

static void draw(const play_t *p)
{
    int cols, rows;
    term_size(&cols, &rows);
    int layout = layout_for(cols, rows);
    if (resized) {
        resized = 0;
        printf("\033[2J");
    }
    printf("\033[H\033[0m");
    if (layout == LAYOUT_TOO_SMALL)
        draw_too_small(cols, rows);
    else if (layout == LAYOUT_FULL)
        draw_full(p, cols);
    else
        draw_compact(p, cols, rows);
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

static int term_raw(void)
{
    if (!isatty(0) || !isatty(1)) {
        fprintf(stderr, "ttt-sim: play mode needs a terminal (use --stdio for scripts)\n");
        return -1;
    }
    tcgetattr(0, &saved_tio);
    tio_saved = 1;
    atexit(term_restore);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    signal(SIGWINCH, on_winch);
    struct termios raw = saved_tio;
    cfmakeraw(&raw);
    tcsetattr(0, TCSANOW, &raw);
    fputs("\033[?1049h\033[?25l\033[2J", stdout);
    return 0;
}

static int play_holds(const play_t *p)
{
    for (int c = 0; c < 9; c++)
        if (p->release_at[c])
            return 1;
    return 0;
}

static void play_press(play_t *p, int cell, uint32_t ms)
{
    board_keys_set((uint16_t)(board_keys() | (1u << cell)));
    p->release_at[cell] = board_now() + BOARD_MS(ms);
}

/* A cell's key: it goes down at once, or, while a cell is held (every press here is
 * timed), it waits for that release and BOARD_TAP_GAP_MS more, so two quick taps are two
 * presses in order, as on the page (sim/README.md, "Two quick taps"). A cell already
 * down or waiting is not pressed again, unless `behind` (its press just became a tap: the
 * new one follows it). */
static void play_queue(play_t *p, int cell, uint32_t ms, int behind)
{
    if (p->release_at[cell] && !behind)
        return;
    for (unsigned i = 0; i < p->waiting; i++)
        if (p->waiting_cell[i] == cell)
            return;
    if (!p->waiting && !play_holds(p)) {
        play_press(p, cell, ms);
        return;
    }
    p->waiting_cell[p->waiting] = (uint8_t)cell;
    p->waiting_ms[p->waiting++] = ms;
}

/* The judged press is let go: how long it was held names it; the board has ANSWER_MS
 * more to answer. */
static void play_judge_release(play_t *p)
{
    p->v_long = board_now() - p->v_down >= BOARD_MS(BOARD_ARMED_MS);
    p->v_decide_at = board_now() + BOARD_MS(BOARD_ANSWER_MS);
    snprintf(p->status, sizeof p->status, "%s press: %s", p->v_long ? "long" : "short", p->v_what);
}

/* The verdict: the board's answer named (a move, a setting's value), or none, and the
 * press was ignored (sim/README.md, "Ignored presses"). */
static void play_judge(play_t *p)
{
    if (!p->v_answer.answered)
        snprintf(p->status, sizeof p->status, "ignored: %s", p->v_what);
    else
        snprintf(p->status, sizeof p->status, "%s press: %.40s: %s", p->v_long ? "long" : "short",
                 p->v_what, p->v_answer.line);
    p->v_decide_at = 0;
    p->v_cell = -1;
}

/* Let go of the cells whose time is up, then press the next waiting one when due. */
static void play_due(play_t *p)
{
    for (int c = 0; c < 9; c++)
        if (p->release_at[c] && board_now() >= p->release_at[c]) {
            p->release_at[c] = 0;
            board_keys_set((uint16_t)(board_keys() & ~(1u << c)));
            p->released_at = board_now();
            if (c == p->v_cell)
                play_judge_release(p);
        }
    if (p->v_decide_at && board_now() >= p->v_decide_at)
        play_judge(p);
    if (p->waiting && !play_holds(p) &&
        board_now() >= p->released_at + BOARD_MS(BOARD_TAP_GAP_MS)) {
        play_press(p, p->waiting_cell[0], p->waiting_ms[0]);
        p->waiting--;
        memmove(p->waiting_cell, p->waiting_cell + 1, p->waiting);
        memmove(p->waiting_ms, p->waiting_ms + 1, p->waiting * sizeof p->waiting_ms[0]);
    }
}

/* Run the chip up to target, 2 ms at a time, letting held cells go when their time is
 * up and pressing the waiting ones; -1 when the chip stopped. */
static int play_catch_up(play_t *p, uint64_t target)
{
    while (board_now() < target && !quit_flag) {
        uint64_t step = board_now() + BOARD_MS(2);
        play_due(p);
        if (board_run_until(step < target ? step : target) < 0)
            return -1;
    }
    return 0;
}

/* Escape sequences (arrow and function keys: ESC [ or ESC O, parameters, a final byte)
 * do nothing, on the board or in a console line: their bytes are no keys (shift+arrow
 * and F5 carry digits). An ESC that nothing follows within ESC_LONE_US is the Esc key. */
enum { ESC_NONE, ESC_GOT, ESC_SEQ };
#define ESC_LONE_US 50000u

/* The Esc key: drops the console line being typed, closes the legend. */
static void play_esc_key(play_t *p)
{
    p->esc = ESC_NONE;
    p->legend = 0;
    p->editing = 0;
    p->input_len = 0;
    p->input[0] = 0;
}

/* Returns 1 when the byte is part of an escape sequence (taken here). */
static int play_escape(play_t *p, unsigned char ch)
{
    if (p->esc == ESC_SEQ) {
        if (ch >= 0x40 && ch <= 0x7e) /* the final byte */
            p->esc = ESC_NONE;
        return 1;
    }
    if (p->esc == ESC_GOT && (ch == '[' || ch == 'O')) {
        p->esc = ESC_SEQ;
        return 1;
    }
    if (p->esc == ESC_GOT)
        play_esc_key(p); /* and the byte after it is a key of its own */
    if (ch == 27) {
        p->esc = ESC_GOT;
        p->esc_us = mono_us();
        return 1;
    }
    return 0;
}

/* A key while typing a console line: Enter sends it (Esc drops it: play_esc_key). */
static void play_edit(play_t *p, unsigned char ch)
{
    if (ch == '\r' || ch == '\n') {
        board_serial_line(p->input);
        char buf[sizeof p->input + 3];
        snprintf(buf, sizeof buf, "> %s", p->input);
        log_push(buf);
        p->editing = 0;
        p->input_len = 0;
        p->input[0] = 0;
    } else if ((ch == 127 || ch == 8) && p->input_len) {
        p->input[--p->input_len] = 0;
    } else if (ch >= ' ' && ch < 127 && p->input_len < sizeof p->input - 1) {
        p->input[p->input_len++] = (char)ch;
        p->input[p->input_len] = 0;
    }
}

static int is_quit_key(unsigned char ch)
{
    return ch == 'q' || ch == 'Q' || ch == 3 || ch == 4;
}

/* The terminal shows the "too small" notice instead of the board. */
static int play_too_small(void)
{
    int cols, rows;
    term_size(&cols, &rows);
    return layout_for(cols, rows) == LAYOUT_TOO_SMALL;
}

/* A digit: a long press (shift, 'l'), or a key that may be held. Held, the terminal
 * repeats it: its first byte holds the cell REPEAT_DELAY_MS, each repeat within that
 * extends the hold to REPEAT_GAP_MS past it, so a held key is one hold, not a tap and then
 * more; another key first makes an unrepeated one a tap (PRESS_MS). */
static void play_digit(play_t *p, int cell, int is_long)
{
    uint64_t now = board_now();
    int k = p->key_cell;
    if (!is_long && k == cell && p->release_at[cell] &&
        now - p->key_last <= BOARD_MS(p->key_repeated ? BOARD_REPEAT_GAP_MS : BOARD_REPEAT_DELAY_MS)) {
        uint64_t until = now + BOARD_MS(BOARD_REPEAT_GAP_MS);
        if (until > p->release_at[cell])
            p->release_at[cell] = until;
        p->key_last = now;
        p->key_repeated = 1;
        return;
    }
    int tapped = k >= 0 && !p->key_repeated && p->release_at[k];
    if (tapped) {
        uint64_t tap = p->key_at + BOARD_MS(BOARD_PRESS_MS);
        p->release_at[k] = tap > now ? tap : now;
    }
    if (p->v_decide_at) /* a new press: the last one's verdict now */
        play_judge(p);
    /* shift+digit: past the firmware's menu hold (shift+5 opens the menu); right after the
     * same digit, a tap and then it */
    play_queue(p, cell, is_long ? BOARD_SHIFT_MS : BOARD_REPEAT_DELAY_MS, tapped && k == cell);
    p->key_cell = is_long ? -1 : cell;
    p->key_at = p->key_last = now;
    p->key_repeated = 0;
    p->v_cell = cell;
    p->v_answer.answered = 0;
    p->v_down = now;
    snprintf(p->v_what, sizeof p->v_what, "key %c = %s cell (cell %d)",
             (char)('0' + cell_key(cell, p->numpad)), cell_place[cell], cell + 1);
    snprintf(p->status, sizeof p->status, "%s: %s", is_long ? "long press" : "pressed", p->v_what);
}

/* A key on the board; returns 1 for quit. */
static int play_key(play_t *p, unsigned char ch)
{
    int is_long;
    int cell = key_to_cell(ch, p->numpad, &is_long);
    if (is_quit_key(ch)) {
        return 1;
    } else if (ch == 'n' || ch == 'N') {
        p->numpad = !p->numpad;
    } else if (ch == 'l' || ch == 'L') {
        p->long_next = !p->long_next;
    } else if (ch == ':') {
        p->editing = 1;
        p->legend = 0;
    } else if (ch == '?') {
        p->legend = !p->legend;
    } else if (cell >= 0) {
        play_digit(p, cell, is_long || p->long_next);
        p->long_next = 0;
    }
    return 0;
}

/* Real time: the chip runs up to the wall clock; the screen is drawn 30 times a second. */
static int run_play(const char *elf)
{
    if (term_raw() != 0)
        return 2;
    play_t p = {.name = strrchr(elf, '/') ? strrchr(elf, '/') + 1 : elf, .status = READY_STATUS,
                .key_cell = -1, .v_cell = -1};
    board_on_line(ui_line, &p.v_answer);
    uint64_t t0 = mono_us(), sim0 = board_now(), last_draw = 0;
    while (!quit_flag) {
        if (play_catch_up(&p, sim0 + (mono_us() - t0) * (BOARD_F_CPU / 1000000u)) < 0) {
            snprintf(p.status, sizeof p.status, "the simulated chip stopped (crash)");
            draw(&p);
            sleep(2);
            break;
        }
        if (mono_us() - last_draw > 33000) {
            draw(&p);
            last_draw = mono_us();
        }
        fd_set rd;
        FD_ZERO(&rd);
        FD_SET(0, &rd);
        struct timeval tv = {0, 2000};
        if (p.esc == ESC_GOT && mono_us() - p.esc_us > ESC_LONE_US)
            play_esc_key(&p);
        if (select(1, &rd, NULL, NULL, &tv) <= 0)
            continue;
        unsigned char ch;
        if (read(0, &ch, 1) != 1)
            break;
        if (play_too_small()) { /* nothing shows what a key would do: only quit acts */
            if (is_quit_key(ch))
                break;
            continue;
        }
        if (play_escape(&p, ch))
            continue;
        if (p.editing)
            play_edit(&p, ch);
        else if (play_key(&p, ch))
            break;
    }
    term_restore();
    return 0;
}

int main(int argc, char **argv)
{
    int stdio_mode = 0;
    const char *elf = DEFAULT_ELF, *trace = NULL, *wav = NULL, *stamps = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--stdio"))
            stdio_mode = 1;
        else if (!strcmp(argv[i], "--trace") && i + 1 < argc)
            trace = argv[++i];
        else if (!strcmp(argv[i], "--wav") && i + 1 < argc)
            wav = argv[++i];
        else if (!strcmp(argv[i], "--stamps") && i + 1 < argc)
            stamps = argv[++i];
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: ttt-sim [--stdio] [--trace FILE.vcd] [--wav FILE.wav] [--stamps FILE] [ELF]\n");
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
    if (stamps && board_stamps(stamps) != 0) {
        fprintf(stderr, "ttt-sim: cannot write %s\n", stamps);
        return 1;
    }
    if (sound_open(wav) != 0)
        return 1;
    int rc = stdio_mode ? run_stdio() : run_play(elf);
    board_trace_stop();
    board_stamps_stop();
    return sound_close() != 0 ? 1 : rc;
}
