/* firmware/console/console.c - line assembly and the command table (firmware/README.md,
 * "Inside the firmware"). Invariants: the line buffer is always NUL-terminated; solve_lines > 0
 * only while a bare `solve` collects its board. */
#include "console.h"

#include <string.h>

#include "commands.h"
#include "diag.h"
#include "engine.h"
#include "out.h"
#include "say.h"
#include "sound.h"
#include "uart.h"

/* The commands (commands.h): CON_<id>, and in that order each with its argument's
 * grammar ("move 1-9\0new x|o|2p\0...") and the length of that entry. */
#define CON_ENUM(id, name, grammar, help) CON_##id,
typedef enum { CONSOLE_COMMANDS(CON_ENUM) CON_COMMANDS } con_cmd_t;
#define CON_ENTRY(id, name, grammar, help) name grammar "\0"
OUT_STR(k_commands, CONSOLE_COMMANDS(CON_ENTRY));
#define CON_LENGTH(id, name, grammar, help) sizeof(name grammar) - 1u,
static const uint8_t k_command_len[CON_COMMANDS] PROGMEM = {CONSOLE_COMMANDS(CON_LENGTH)};
/* Each command's line of help, for `help COMMAND`. */
#define CON_HELP(id, name, grammar, help) help "\0"
OUT_STR(k_help, CONSOLE_COMMANDS(CON_HELP));
/* `help` wraps its list at this column. */
#define CON_HELP_COLS 72u
_Static_assert(GAME_MODE_AI_X == 0 && GAME_MODE_AI_O == 1 && GAME_MODE_2P == 2 &&
                   LEVEL_PERFECT == 0 && LEVEL_MEDIUM == 1 && LEVEL_EASY == 2 && SOUNDS_ON == 0 &&
                   SOUNDS_QUIET_ONLY == 1 && SOUNDS_OFF == 2,
               "new's, level's and sound's words are listed in the game's order");
OUT_STR(s_help_seps, " | "); /* between two commands on a line */
/* The rest of help, said once the TX ring has room again (console_more). */
OUT_STR(s_help_menu, "\n(hold 5 for 2 s; tap a cell, then tap it again; other presses quit)"
                     "\nBOARD: 9 cells, 0/1/2 -> W/D/L for the side to move, "
                     "./x/o -> x/o/TIE\n");
OUT_STR(s_lamp, "lamp: red, green, yellow");
OUT_STR(s_error, "error: ");
OUT_STR(s_usage, "usage: ");
/* In CON_E_* order. */
OUT_STR(s_errors, "line too long\0"
                  "bad character\0"
                  "input overrun\0"
                  "line lost while asleep, send it again\0"
                  "unknown command (try help)\0"
                  "game over (type new)\0"
                  "not your turn\0"
                  "cell taken\0"
                  "no hint now\0"
                  "no analysis now\0"
                  "bad board (try help)\0"
                  "illegal board");
enum {
    CON_E_LONG,
    CON_E_CHAR,
    CON_E_OVERRUN,
    CON_E_ASLEEP,
    CON_E_CMD,
    CON_E_OVER,
    CON_E_TURN,
    CON_E_TAKEN,
    CON_E_HINT,
    CON_E_ANALYSIS,
    CON_E_BOARD,
    CON_E_ILLEGAL
};
_Static_assert(CON_E_CHAR - CON_E_LONG == CONSOLE_LINE_BAD_CHAR - CONSOLE_LINE_TOO_LONG &&
                   CON_E_OVERRUN - CON_E_LONG == CONSOLE_LINE_OVERRUN - CONSOLE_LINE_TOO_LONG &&
                   CON_E_ASLEEP - CON_E_LONG == CONSOLE_LINE_ASLEEP - CONSOLE_LINE_TOO_LONG &&
                   CON_E_TURN - CON_E_OVER == GAME_ERR_NOT_YOUR_TURN - GAME_ERR_OVER &&
                   CON_E_TAKEN - CON_E_OVER == GAME_ERR_TAKEN - GAME_ERR_OVER,
               "a refused line's and a refused move's messages in the order of their codes");
OUT_STR(s_solve_more, "solve: enter 3 board lines");
OUT_STR(s_turn_over, "turn: \0over: "); /* by game_t.over */
OUT_STR(s_you_ai, " (you)\0 (ai)\0 (two players, no ai)");
/* By result (loss, draw, win): digits, then letters with x, o to move. */
OUT_STR(s_answers, "L\0D\0W\0"
                   "o\0TIE\0x\0"
                   "x\0TIE\0o");
_Static_assert(ENGINE_DRAW - ENGINE_LOSS == 1 && ENGINE_WIN - ENGINE_LOSS == 2 && PLAYER_X == 1 &&
                   PLAYER_O == 2,
               "solve's answers are indexed by result and player");
#define CON_STATS_LINES (STATS_TABLES + 2u)
/* `best: 1 3 7 9 (draw; to the end: 1 5 9 2 8 3 7 4 6)`, `best: none (over: x wins)` */
OUT_STR(s_best, "best:\0 (\0; to the end:\0 none (over: ");
OUT_STR(s_diag_up, "diag: up ");
OUT_STR(s_diag_resets, " s; resets power " OUT_NUM " watchdog " OUT_NUM " brown-out " OUT_NUM
                       " other " OUT_NUM "\ndiag: table ");
OUT_STR(s_diag_table, "ok\0bad, solver");
OUT_STR(s_diag_rest, "; stack " OUT_NUM " B; vcc " OUT_NUM_1 " V\ndiag: lost rx " OUT_NUM);
OUT_STR(s_diag_lines, " lines " OUT_NUM);
OUT_STR(s_diag_tail,
        " keys " OUT_NUM " tx " OUT_NUM "; eeprom failed " OUT_NUM " low-vcc waits " OUT_NUM "\n");
OUT_STR(s_diag_sound, "diag: sound \0" SOUNDS_SETTING_WORDS);
OUT_STR(s_diag_sounder, ", no sounder\n\0, sounder fitted\n");
_Static_assert(HAL_DIAG_RESETS_POWER_ON == 0 && HAL_DIAG_RESETS_WATCHDOG == 1 &&
                   HAL_DIAG_RESETS_BROWN_OUT == 2 && HAL_DIAG_RESETS_EXTERNAL == 3 &&
                   HAL_DIAG_VCC_DV == HAL_DIAG_STACK_PEAK + 1 &&
                   HAL_DIAG_RX_LOST == HAL_DIAG_STACK_PEAK + 2 &&
                   HAL_DIAG_TX_DROPPED == HAL_DIAG_KEYS_LOST + 1 &&
                   HAL_DIAG_EEPROM_FAILED == HAL_DIAG_KEYS_LOST + 2 &&
                   HAL_DIAG_EEPROM_WAITS == HAL_DIAG_KEYS_LOST + 3,
               "diag's lines take the HAL's counters in hal_diag_t order");

/* `error: ` and a message (CON_E_*), or for CON_E_USAGE | cmd the command's usage. */
#define CON_E_USAGE 0x80u
_Static_assert(CON_COMMANDS < CON_E_USAGE, "a command's number fits beside CON_E_USAGE");
static void console_error(uint8_t err)
{
    out_P(s_error);
    if (err & CON_E_USAGE) {
        out_P(s_usage);
        out_nth_P(k_commands, (uint8_t)(err & ~CON_E_USAGE));
    } else {
        out_nth_P(s_errors, err);
    }
    out_nl();
}

void console_line_init(console_line_t *l)
{
    l->len = 0;
    l->status = CONSOLE_LINE_NONE;
    l->buf[0] = '\0';
}

uint8_t console_line_feed(console_line_t *l, uint8_t byte)
{
    uint8_t len = l->len, status = l->status;
    char *end = &l->buf[len];
    uint8_t after_space = len == 0 || end[-1] == ' ';
    if (byte == '\n' || byte == '\r') {
        if (len && after_space) {
            end--;
        }
        *end = '\0';
        l->len = 0;
        l->status = CONSOLE_LINE_NONE;
        return status ? status : CONSOLE_LINE_READY;
    }
    if (byte == '\t') {
        byte = ' ';
    }
    if (status == CONSOLE_LINE_NONE && !(byte == ' ' && after_space)) {
        if (byte < 0x20 || byte > 0x7E) {
            l->status = CONSOLE_LINE_BAD_CHAR;
        } else if (len >= CONSOLE_LINE_MAX) {
            l->status = CONSOLE_LINE_TOO_LONG;
        } else {
            *end = (char)byte;
            l->len = (uint8_t)(len + 1u);
        }
    }
    return CONSOLE_LINE_NONE;
}

void console_init(console_t *c)
{
    memset(c, 0, sizeof *c);
}

#define CON_UNKNOWN 0xFFu
/* Index of `word` (any case) among the first n words of a flash list "a\0b c\0...", or
 * CON_UNKNOWN; *rest: what follows the word in the entry found. */
static uint8_t console_lookup(const char *word, const char *list, uint8_t n, const char **rest)
{
    for (uint8_t i = 0; i < n; i++) {
        const char *w = word;
        char c;
        while ((c = (char)pgm_read_byte(list)) > ' ' && c == (*w | 0x20)) {
            list++;
            w++;
        }
        if (c <= ' ' && *w == '\0') {
            *rest = list;
            return i;
        }
        while (pgm_read_byte(list++) != '\0') {
        }
    }
    return CON_UNKNOWN;
}

/* Besides a value: no place for the argument; the alternative's word. */
#define CON_ARG_BAD 0xFFu
#define CON_ARG_WORD 0xFEu

/* arg against the alternative at *g, a word or a range lo-hi (*g left at its end): the
 * range's value, CON_ARG_WORD or CON_ARG_BAD. */
static uint8_t console_alternative(const char *arg, const char **g)
{
    const char *a = arg; /* how far arg matches; NULL once it does not */
    const char *p = *g;
    for (;; p++) {
        char c = (char)pgm_read_byte(p);
        if ((uint8_t)(c - '0') < 10u || (uint8_t)(c - 'a') < 26u) {
            a = (a && c == (*a | 0x20)) ? a + 1 : NULL;
        } else if (c == '-') {
            uint8_t lo = pgm_read_byte(p - 1), d = (uint8_t)(arg[0] - lo);
            if (d <= (uint8_t)(pgm_read_byte(++p) - lo) && arg[1] == '\0') {
                return d;
            }
            a = NULL;
        } else {
            break;
        }
    }
    *g = p;
    return a && *a == '\0' ? CON_ARG_WORD : CON_ARG_BAD;
}

/* arg's value by the grammar at g, or CON_ARG_BAD. */
static uint8_t console_arg(const char *arg, const char *g)
{
    if (pgm_read_byte(g) == ' ') {
        g++;
    }
    for (uint8_t n = 0;; n++) {
        uint8_t v = console_alternative(arg, &g);
        char end = (char)pgm_read_byte(g++);
        if (v != CON_ARG_BAD) {
            return v == CON_ARG_WORD ? n : v;
        }
        if (end == '\0' || end == ']') {
            return CON_ARG_BAD;
        }
    }
}

static void console_board(const game_t *g)
{
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        out_byte(notation_cell_char(game_pos(g), cell));
        if (cell == 2u || cell == 5u || cell == 8u) {
            out_nl();
        }
    }
    out_nth_P(s_turn_over, game_over(g));
    if (game_over(g)) {
        say_result(game_winner(g));
    } else {
        out_player(game_position(g)->to_move); /* fading: not the marks' count */
    }
    if (game_settings(g)->mode == GAME_MODE_2P) {
        out_nth_P(s_you_ai, 2);
    } else if (!game_over(g)) {
        out_nth_P(s_you_ai, game_ai_to_move(g));
    }
    out_nl();
}

/* `stats`: line i of game `rule` (RULE_*) is shown: the normal game's tables, then its
 * games before levels (if any, CON_STATS_LINES in all), then misère's and fading's tables
 * that have games. */
static bool console_stats_shown(const stats_t *st, uint8_t rule, uint8_t i)
{
    const uint16_t *n;
    if (rule == RULE_NORMAL) {
        return i < STATS_TABLES || st->before;
    }
    if (i >= STATS_TABLES) {
        return false;
    }
    n = st->games[rule][i];
    return (n[0] | n[1] | n[2] | n[3]) != 0;
}

/* Line i of `stats` of game `rule`; console_more() prints the next (all would not fit the
 * TX ring). */
static void console_stats_line(console_t *c, const game_t *g, uint8_t rule, uint8_t i)
{
    const stats_t *st = game_stats(g);
    say_stats(st, rule, i);
    do {
        if (++i == CON_STATS_LINES) {
            i = 0;
            rule++;
        }
    } while (rule < RULE_COUNT && !console_stats_shown(st, rule, i));
    c->more = (uint8_t)(rule < RULE_COUNT ? i + 1u : 0u);
    c->more_rule = rule;
}

/* `best`: the cells of every perfect move in p (legal), the result under perfect play
 * and a perfect line to the end (engine_move() played out). */
static void console_best(pos_t p)
{
    out_nth_P(s_best, 0);
    if (pos_is_over(p)) {
        out_nth_P(s_best, 3);
        say_result(pos_winner(p));
    } else {
        int8_t result = engine_outcome(p).result;
        out_cells(engine_best_cells(p));
        out_nth_P(s_best, 1);
        say_result(result == ENGINE_DRAW  ? PLAYER_NONE
                   : result == ENGINE_WIN ? pos_to_move(p)
                                          : (uint8_t)(PLAYER_X + PLAYER_O - pos_to_move(p)));
        out_nth_P(s_best, 2);
        while (!pos_is_over(p)) {
            uint8_t c = engine_move(p);
            out_byte(' ');
            out_cell(c);
            p = pos_play(p, c);
        }
    }
    out_byte(')');
    out_nl();
}

/* `solve`'s answer for the legal board b. */
static void console_solve_answer(const notation_board_t *b)
{
    pos_t p = {b->x, b->o};
    uint8_t n = (uint8_t)(engine_outcome(p).result - ENGINE_LOSS);
    if (b->format != NOTATION_DIGITS) {
        n = (uint8_t)(n + 3u * pos_to_move(p)); /* PLAYER_X 1, PLAYER_O 2 */
    }
    out_nth_P(s_answers, n);
    out_nl();
}

/* The HAL's counters (hal_diag), the table's state and the lines this console lost. */
static void console_diag(const console_t *c, const game_t *g)
{
    /* static: on the stack it would join main's frame (everything is inlined there) under
     * the deepest call, the solver's */
    static hal_diag_t d;
    hal_diag(&d);
    out_P(s_diag_up);
    out_num(d.up_ms, 3);
    out_fmt_P(s_diag_resets, d.n);
    out_nth_P(s_diag_table, !engine_table_ok());
    out_fmt_P(s_diag_rest, &d.n[HAL_DIAG_STACK_PEAK]);
    out_fmt_P(s_diag_lines, &c->lines_lost);
    out_fmt_P(s_diag_tail, &d.n[HAL_DIAG_KEYS_LOST]);
    out_nth_P(s_diag_sound, 0);
    out_nth_P(s_diag_sound, (uint8_t)(game_settings(g)->sound + 1u));
    out_nth_P(s_diag_sounder, SOUND_FITTED);
}

/* One line of `help`'s list from command c->help_at - 1: the commands and their grammars,
 * as many as fit CON_HELP_COLS; then the rest is due (console_more), one line at a time
 * (the whole list would not fit the TX ring), and after the last the menu's legend. */
static void console_help_line(console_t *c)
{
    uint8_t i = (uint8_t)(c->help_at - 1u), col = 0;
    for (; i < CON_COMMANDS; i++) {
        uint8_t len = pgm_read_byte(&k_command_len[i]);
        if (col && col + 3u + len > CON_HELP_COLS) {
            break;
        }
        if (col) {
            out_P(s_help_seps);
            col = (uint8_t)(col + 3u);
        }
        out_nth_P(k_commands, i);
        col = (uint8_t)(col + len);
    }
    out_nl();
    c->help_at = (uint8_t)(i + 1u);
}

/* One line of a board in c->solve, c->solve_lines of them still to come: line k of 3
 * brings cells 3k-2..3k; a board on one line (`solve BOARD`, `best BOARD`) is line 3 of 3.
 * True after the last one when the board is legal; a mistake is said (the board
 * dropped). */
static bool console_board_line(console_t *c, const char *line)
{
    notation_board_t *b = &c->solve;
    if (notation_add(b, line, (uint8_t)strlen(line)) != NOTATION_OK ||
        b->cells != POS_CELLS + 3u - 3u * c->solve_lines) {
        c->solve_lines = 0;
        console_error(CON_E_BOARD);
        return false;
    }
    if (--c->solve_lines != 0) {
        return false;
    }
    if (!pos_is_legal((pos_t){b->x, b->o})) {
        console_error(CON_E_ILLEGAL);
        return false;
    }
    return true;
}

/* A line of `solve`'s board; the last one answers. */
static void console_solve_line(console_t *c, const char *line)
{
    if (console_board_line(c, line)) {
        console_solve_answer(&c->solve);
    }
}

/* A command's call: the console, the game, its argument's value (console_arg) and the
 * argument's text. */
typedef struct {
    console_t *c;
    game_t *g;
    char *text;
    uint8_t v;
} con_call_t;
/* Each command of the table runs con_do_<id>(): a table line without its function
 * does not build (used but never defined), and the switch below has no default. */
#define CON_DECLARE(id, name, grammar, help) static void con_do_##id(const con_call_t *k);
CONSOLE_COMMANDS(CON_DECLARE)

/* `help`: the list; `help COMMAND`: that command's form and line of help. */
static void con_do_HELP(const con_call_t *k)
{
    const char *rest;
    uint8_t cmd;
    if (*k->text == '\0') {
        k->c->help_at = 1;
        console_help_line(k->c);
        return;
    }
    cmd = console_lookup(k->text, k_commands, CON_COMMANDS, &rest);
    if (cmd == CON_UNKNOWN) {
        console_error(CON_E_CMD);
        return;
    }
    out_nth_P(k_commands, cmd);
    out_byte(':');
    out_byte(' ');
    out_nth_P(k_help, cmd);
    out_nl();
}

static void con_do_BOARD(const con_call_t *k)
{
    console_board(k->g);
}

static void con_do_HINT(const con_call_t *k)
{
    if (!game_hint(k->g)) {
        console_error(CON_E_HINT);
    }
}

static void con_do_DIAG(const con_call_t *k)
{
    console_diag(k->c, k->g);
}

static void con_do_LAMP(const con_call_t *k)
{
    game_lamp(k->g);
    out_line_P(s_lamp);
}

static void con_do_MOVE(const con_call_t *k)
{
    game_err_t err = game_person_move(k->g, k->v);
    if (err != GAME_OK) {
        console_error((uint8_t)(CON_E_OVER + (err - GAME_ERR_OVER)));
    }
}

static void con_do_NEW(const con_call_t *k)
{
    game_new(k->g, k->v);
}

static void con_do_GAME(const con_call_t *k)
{
    (void)game_set_game(k->g, k->v); /* normal|misere|fading: RULE_* order; refused: said */
}

static void con_do_LEVEL(const con_call_t *k)
{
    game_set_level(k->g, k->v);
}

static void con_do_STATS(const con_call_t *k) /* [clear] */
{
    if (k->v) {
        game_stats_clear(k->g);
    } else {
        console_stats_line(k->c, k->g, RULE_NORMAL, 0);
    }
}

/* `solve BOARD` answers at once; a bare `solve` reads its board over three lines. */
static void con_do_SOLVE(const con_call_t *k)
{
    console_t *c = k->c;
    notation_begin(&c->solve);
    if (*k->text == '\0') {
        c->solve_lines = 3;
        out_line_P(s_solve_more);
        return;
    }
    c->solve_lines = 1;
    console_solve_line(c, k->text);
}

/* `best` for the board under way; `best BOARD` for any (one line, as `solve BOARD`). */
static void con_do_BEST(const con_call_t *k)
{
    notation_board_t *b = &k->c->solve;
    if (*k->text == '\0') {
        if (game_rule(k->g) != RULE_NORMAL) {
            console_error(CON_E_ANALYSIS); /* the normal game's line only: hint, analysis follow */
        } else {
            console_best(game_pos(k->g));
        }
        return;
    }
    notation_begin(b);
    k->c->solve_lines = 1;
    if (console_board_line(k->c, k->text)) {
        console_best((pos_t){b->x, b->o});
    }
}

static void con_do_ANALYSIS(const con_call_t *k)
{
    if (!game_analysis(k->g)) {
        console_error(CON_E_ANALYSIS);
    }
}

static void con_do_COLOR_BLIND(const con_call_t *k)
{
    game_set_color_blind(k->g, k->v == 0); /* on|off */
}

static void con_do_BRIGHTNESS(const con_call_t *k)
{
    game_set_brightness(k->g, (uint8_t)(LEDS_BRIGHT_LEVELS - 1u - k->v)); /* brightest first */
}

static void con_do_SOUND(const con_call_t *k)
{
    game_set_sound(k->g, k->v); /* on|quiet|off: SOUNDS_* order */
}

/* An argument in capitals (`solve`'s BOARD) is text the command reads itself. */
static bool console_free_text(const char *grammar)
{
    char c = (char)pgm_read_byte(grammar + 1);
    if (c == '[') {
        c = (char)pgm_read_byte(grammar + 2);
    }
    return (uint8_t)(c - 'A') < 26u;
}

/* Command cmd with its argument's text, read by the grammar at `grammar`. */
static void console_run(console_t *c, game_t *g, uint8_t cmd, char *arg, const char *grammar)
{
    con_call_t k = {c, g, arg, console_free_text(grammar) ? 0u : console_arg(arg, grammar)};
    if (k.v == CON_ARG_BAD) {
        console_error((uint8_t)(CON_E_USAGE | cmd));
        return;
    }
#define CON_CASE(id, name, grammar, help)                                                          \
    case CON_##id:                                                                                 \
        con_do_##id(&k);                                                                           \
        return;
    switch ((con_cmd_t)cmd) {
        CONSOLE_COMMANDS(CON_CASE)
    case CON_COMMANDS:
        return;
    }
}

bool console_more(console_t *c, const game_t *g)
{
    if (c->help_at > CON_COMMANDS) {
        c->help_at = 0;
        say_menu();
        out_P(s_help_menu);
    } else if (c->help_at) {
        console_help_line(c);
    } else if (c->more) {
        console_stats_line(c, g, c->more_rule, (uint8_t)(c->more - 1u));
    } else {
        return false;
    }
    return true;
}

/* One line (no space at either end, none twice), or board text for a bare `solve`. */
static void console_exec(console_t *c, game_t *g, char *line)
{
    char *arg = line;
    const char *grammar;
    uint8_t cmd;
    if (*line == '\0') {
        return;
    }
    if (c->solve_lines) {
        console_solve_line(c, line);
        return;
    }
    while (*arg && *arg != ' ') {
        arg++;
    }
    if (*arg) {
        *arg++ = '\0';
    }
    cmd = console_lookup(line, k_commands, CON_COMMANDS, &grammar);
    if (cmd == CON_UNKNOWN) {
        console_error(CON_E_CMD);
        return;
    }
    console_run(c, g, cmd, arg, grammar);
}

void console_feed(console_t *c, game_t *g, int16_t byte)
{
    uint8_t r = console_line_feed(&c->line, (uint8_t)byte);
    if (r == CONSOLE_LINE_READY) {
        console_exec(c, g, c->line.buf);
        console_report(g);
    } else if (r != CONSOLE_LINE_NONE) {
        c->solve_lines = 0; /* a bad line also ends a board being collected */
        if (r >= CONSOLE_LINE_OVERRUN) {
            c->lines_lost++;
        }
        console_error((uint8_t)(CON_E_LONG + (r - CONSOLE_LINE_TOO_LONG)));
    }
    if (byte & UART_RX_GAP_AFTER) {
        /* The line the lost bytes belonged to is refused at its end. */
        c->line.status = CONSOLE_LINE_OVERRUN;
        c->line.len = 0;
    }
}

void console_woke(console_t *c, bool serial)
{
    if (!serial && c->line.len == 0) {
        return;
    }
    c->line.status = CONSOLE_LINE_ASLEEP;
    c->line.len = 0;
    c->quiet_ms = 0;
}

void console_tick(console_t *c, bool input, uint8_t ms)
{
    if (c->line.status != CONSOLE_LINE_ASLEEP) {
        return;
    }
    c->quiet_ms = input ? 0u : (uint16_t)(c->quiet_ms + ms);
    if (c->quiet_ms >= CONSOLE_ASLEEP_QUIET_MS) { /* its end was lost too: refuse it now */
        console_line_init(&c->line);
        c->solve_lines = 0;
        c->lines_lost++;
        console_error(CON_E_ASLEEP);
    }
}
