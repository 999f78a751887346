/* firmware/console/console.c - serial console: fixed-buffer line assembly and commands.
 * Every non-empty line gets at least one answer line; errors are one line starting
 * `error: `. The board parser for `solve` accepts digits 0/1/2 (Baekjoon 16571, answer
 * W/D/L for the side to move) or x/o/. (Algospot TICTACTOE, answer x/o/TIE). */
#include "console.h"
#include <string.h>
#include "console_out.h"
#include "eeprom_store.h"
#include "engine.h"
#include "keys.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

enum { SOLVE_DIGITS = 1, SOLVE_LETTERS = 2 };

CONSOLE_STR(s_help1, "help | board | move 1-9 | new x|o|2p | hint | diag");
CONSOLE_STR(s_help2, "level perfect|medium|easy (0-2) | stats [clear]");
CONSOLE_STR(s_help3, "solve 120112002 -> W/D/L for the side to move (0 . 1 x 2 o)");
CONSOLE_STR(s_help4, "solve xx.oo.... -> x/o/TIE; or solve, then 3 board lines");
CONSOLE_STR(s_err_long, "line too long");
CONSOLE_STR(s_err_char, "bad character");
CONSOLE_STR(s_err_overrun, "input overrun");
CONSOLE_STR(s_err_cmd, "unknown command (try help)");
CONSOLE_STR(s_err_cell, "usage: move 1-9");
CONSOLE_STR(s_err_mode, "usage: new x|o|2p");
CONSOLE_STR(s_err_level, "usage: level perfect|medium|easy");
CONSOLE_STR(s_err_stats, "usage: stats [clear]");
CONSOLE_STR(s_err_over, "game over (press a key or type new)");
CONSOLE_STR(s_err_turn, "not your turn");
CONSOLE_STR(s_err_taken, "cell taken");
CONSOLE_STR(s_err_board, "bad board (9 cells of 0/1/2 or x/o/.)");
CONSOLE_STR(s_err_illegal, "illegal board");
CONSOLE_STR(s_err_args, "no arguments expected");
CONSOLE_STR(s_err_hint, "no hint now");
CONSOLE_STR(s_error, "error: ");
CONSOLE_STR(s_solve_more, "solve: enter 3 board lines");
CONSOLE_STR(s_turn, "turn: ");
CONSOLE_STR(s_you, " (you)");
CONSOLE_STR(s_ai, " (ai)");
CONSOLE_STR(s_over, "over: ");
CONSOLE_STR(s_wins, " wins");
CONSOLE_STR(s_draw, "draw");
CONSOLE_STR(s_tie, "TIE");
CONSOLE_STR(s_stats, "stats ");
CONSOLE_STR(s_wins_w, ": wins ");
CONSOLE_STR(s_xwins_w, ": x wins ");
CONSOLE_STR(s_draws_w, ", draws ");
CONSOLE_STR(s_losses_w, ", losses ");
CONSOLE_STR(s_owins_w, ", o wins ");
CONSOLE_STR(k_help, "help");
CONSOLE_STR(k_board, "board");
CONSOLE_STR(k_move, "move");
CONSOLE_STR(k_new, "new");
CONSOLE_STR(k_level, "level");
CONSOLE_STR(k_stats, "stats");
CONSOLE_STR(k_clear, "clear");
CONSOLE_STR(k_solve, "solve");
CONSOLE_STR(k_hint, "hint");
CONSOLE_STR(k_diag, "diag");
CONSOLE_STR(s_diag_up, "diag: up ");
CONSOLE_STR(s_diag_resets, " s; resets power ");
CONSOLE_STR(s_diag_wdt, " watchdog ");
CONSOLE_STR(s_diag_bod, " brown-out ");
CONSOLE_STR(s_diag_other, " other ");
CONSOLE_STR(s_diag_table, "diag: table ");
CONSOLE_STR(s_diag_ok, "ok");
CONSOLE_STR(s_diag_solver, "bad, solver");
CONSOLE_STR(s_diag_stack, "; stack ");
CONSOLE_STR(s_diag_vcc, " B; vcc ");
CONSOLE_STR(s_diag_v, " V");
CONSOLE_STR(s_diag_lost, "diag: lost rx ");
CONSOLE_STR(s_diag_lines, " lines ");
CONSOLE_STR(s_diag_keys, " keys ");
CONSOLE_STR(s_diag_tx, " tx ");
CONSOLE_STR(s_diag_ee, "; eeprom failed ");
CONSOLE_STR(s_diag_waits, " low-vcc waits ");
CONSOLE_STR(k_x, "x");
CONSOLE_STR(k_o, "o");
CONSOLE_STR(k_2p, "2p");
CONSOLE_STR(k_perfect, "perfect");
CONSOLE_STR(k_medium, "medium");
CONSOLE_STR(k_easy, "easy");

/* One `error: ...` line. */
static void console_error(const char *msg_P)
{
    console_put_P(s_error);
    console_line_P(msg_P);
}

void console_line_init(console_line_t *l)
{
    l->len = 0;
    l->status = CONSOLE_LINE_NONE;
    l->buf[0] = '\0';
}

uint8_t console_line_feed(console_line_t *l, uint8_t byte)
{
    if (byte == '\n' || byte == '\r') {
        uint8_t status = l->status == CONSOLE_LINE_NONE ? CONSOLE_LINE_READY : l->status;
        l->buf[l->len] = '\0';
        l->len = 0;
        l->status = CONSOLE_LINE_NONE;
        return status;
    }
    if (l->status != CONSOLE_LINE_NONE) {
        return CONSOLE_LINE_NONE; /* discarding the rest of a bad line */
    }
    if (byte == '\t') {
        byte = ' ';
    }
    if (byte < 0x20 || byte > 0x7E) {
        l->status = CONSOLE_LINE_BAD_CHAR;
        l->len = 0;
    } else if (l->len >= CONSOLE_LINE_MAX) {
        l->status = CONSOLE_LINE_TOO_LONG;
        l->len = 0;
    } else {
        l->buf[l->len++] = (char)byte;
    }
    return CONSOLE_LINE_NONE;
}

void console_init(console_t *c)
{
    memset(c, 0, sizeof *c);
    console_line_init(&c->line);
}

static char *console_skip_spaces(char *s)
{
    while (*s == ' ') {
        s++;
    }
    return s;
}

/* If `s` starts with the flash word `w` followed by a space or the end, return the
 * text after it (spaces skipped), else NULL. */
static char *console_word(char *s, const char *w)
{
    char c;
    while ((c = (char)pgm_read_byte(w)) != '\0') {
        if (*s != c) {
            return NULL;
        }
        s++;
        w++;
    }
    if (*s != ' ' && *s != '\0') {
        return NULL;
    }
    return console_skip_spaces(s);
}

/* The whole argument is exactly the flash word `w`. */
static uint8_t console_is(char *arg, const char *w)
{
    char *rest = console_word(arg, w);
    return rest != NULL && *rest == '\0';
}

static void console_board(const game_t *g)
{
    uint8_t mover = pos_to_move(g->pos);
    for (uint8_t r = 0; r < 3; r++) {
        for (uint8_t col = 0; col < 3; col++) {
            uint16_t bit = (uint16_t)(1u << (3 * r + col));
            console_putc((g->pos.x & bit) ? 'x' : (g->pos.o & bit) ? 'o' : '.');
        }
        console_nl();
    }
    if (g->phase == GAME_OVER) {
        console_put_P(s_over);
        if (g->winner == PLAYER_NONE) {
            console_line_P(s_draw);
        } else {
            console_put_player(g->winner);
            console_line_P(s_wins);
        }
        return;
    }
    console_put_P(s_turn);
    console_put_player(mover);
    if (g->settings.mode != GAME_MODE_2P) {
        console_put_P(game_ai_to_move(g) ? s_ai : s_you);
    }
    console_nl();
}

static void console_stats(const game_t *g)
{
    for (uint8_t m = 0; m < GAME_MODES; m++) {
        const uint16_t *n = g->stats.n[m];
        console_put_P(s_stats);
        game_put_mode(m);
        console_put_P(m == GAME_MODE_2P ? s_xwins_w : s_wins_w);
        console_put_u16(n[STATS_WIN]);
        console_put_P(s_draws_w);
        console_put_u16(n[STATS_DRAW]);
        console_put_P(m == GAME_MODE_2P ? s_owins_w : s_losses_w);
        console_put_u16(n[STATS_LOSS]);
        console_nl();
    }
}

static void console_solve_reset(console_t *c)
{
    c->solve_x = 0;
    c->solve_o = 0;
    c->solve_cells = 0;
    c->solve_format = 0;
    c->solve_pending = 0;
}

/* Answer for a complete board. */
static void console_solve_answer(console_t *c)
{
    pos_t p;
    engine_outcome_t o;
    p.x = c->solve_x;
    p.o = c->solve_o;
    if (!pos_is_legal(p)) {
        console_error(s_err_illegal);
        return;
    }
    o = engine_outcome(p);
    if (c->solve_format == SOLVE_DIGITS) {
        console_putc(o.result == ENGINE_WIN ? 'W' : o.result == ENGINE_DRAW ? 'D' : 'L');
        console_nl();
    } else if (o.result == ENGINE_DRAW) {
        console_line_P(s_tie);
    } else {
        uint8_t mover = pos_to_move(p);
        uint8_t other = mover == PLAYER_X ? PLAYER_O : PLAYER_X;
        console_put_player(o.result == ENGINE_WIN ? mover : other);
        console_nl();
    }
}

/* Add the cells of `s` to the board being collected; separators are spaces and
 * / , | . Returns 0 on a bad character, a format mix or more than 9 cells. */
static uint8_t console_solve_cells(console_t *c, const char *s)
{
    for (; *s; s++) {
        char ch = *s;
        uint8_t fmt;
        uint8_t who;
        if (ch == ' ' || ch == '/' || ch == ',' || ch == '|') {
            continue;
        }
        if (ch >= '0' && ch <= '2') {
            fmt = SOLVE_DIGITS;
            who = (uint8_t)(ch - '0');
        } else if (ch == 'x' || ch == 'o' || ch == '.') {
            fmt = SOLVE_LETTERS;
            who = ch == 'x' ? PLAYER_X : ch == 'o' ? PLAYER_O : PLAYER_NONE;
        } else {
            return 0;
        }
        if ((c->solve_format && c->solve_format != fmt) || c->solve_cells >= POS_CELLS) {
            return 0;
        }
        c->solve_format = fmt;
        if (who == PLAYER_X) {
            c->solve_x |= (uint16_t)(1u << c->solve_cells);
        } else if (who == PLAYER_O) {
            c->solve_o |= (uint16_t)(1u << c->solve_cells);
        }
        c->solve_cells++;
    }
    return 1;
}

/* `solve` line or a continuation line; answers when 9 cells are in. A solve line with
 * no cells waits for up to 3 more lines; continuation lines must hold 3 cells each. */
static void console_solve(console_t *c, const char *args, uint8_t continuation)
{
    uint8_t before = c->solve_cells;
    if (!continuation) {
        console_solve_reset(c);
    }
    if (!console_solve_cells(c, args) ||
        (continuation && c->solve_cells != before + 3u) ||
        (!continuation && c->solve_cells != 0 && c->solve_cells != POS_CELLS)) {
        console_error(s_err_board);
        console_solve_reset(c);
        return;
    }
    if (c->solve_cells == POS_CELLS) {
        console_solve_answer(c);
        console_solve_reset(c);
    } else if (!continuation) {
        c->solve_pending = 1;
        console_line_P(s_solve_more);
    }
}

static void console_move(game_t *g, const char *arg)
{
    uint8_t r;
    if (arg[0] < '1' || arg[0] > '9' || arg[1] != '\0') {
        console_error(s_err_cell);
        return;
    }
    r = game_person_move(g, (uint8_t)(arg[0] - '1'));
    if (r == GAME_ERR_OVER) {
        console_error(s_err_over);
    } else if (r == GAME_ERR_NOT_YOUR_TURN) {
        console_error(s_err_turn);
    } else if (r == GAME_ERR_TAKEN) {
        console_error(s_err_taken);
    }
}

static void console_level(game_t *g, char *arg)
{
    if (console_is(arg, k_perfect) || (arg[0] == '0' && arg[1] == '\0')) {
        game_set_level(g, LEVEL_PERFECT);
    } else if (console_is(arg, k_medium) || (arg[0] == '1' && arg[1] == '\0')) {
        game_set_level(g, LEVEL_MEDIUM);
    } else if (console_is(arg, k_easy) || (arg[0] == '2' && arg[1] == '\0')) {
        game_set_level(g, LEVEL_EASY);
    } else {
        console_error(s_err_level);
    }
}

/* Three lines: uptime and resets by cause; the engine, stack and supply; what was lost. */
static void console_diag(const console_t *c)
{
    uint8_t resets[POWER_CAUSES];
    power_reset_counts(resets);
    console_put_P(s_diag_up);
    console_put_num(tick_ms(), 3);
    console_put_P(s_diag_resets);
    console_put_u16(resets[POWER_CAUSE_POWER_ON]);
    console_put_P(s_diag_wdt);
    console_put_u16(resets[POWER_CAUSE_WATCHDOG]);
    console_put_P(s_diag_bod);
    console_put_u16(resets[POWER_CAUSE_BROWN_OUT]);
    console_put_P(s_diag_other);
    console_put_u16(resets[POWER_CAUSE_EXTERNAL]);
    console_nl();
    console_put_P(s_diag_table);
    console_put_P(engine_table_ok() ? s_diag_ok : s_diag_solver);
    console_put_P(s_diag_stack);
    console_put_u16(power_stack_peak());
    console_put_P(s_diag_vcc);
    console_put_num(power_vcc_decivolts(), 1);
    console_line_P(s_diag_v);
    console_put_P(s_diag_lost);
    console_put_u16(uart_rx_overruns());
    console_put_P(s_diag_lines);
    console_put_u16(c->lines_lost);
    console_put_P(s_diag_keys);
    console_put_u16(keys_lost_events());
    console_put_P(s_diag_tx);
    console_put_u16(uart_tx_dropped());
    console_put_P(s_diag_ee);
    console_put_u16(eeprom_store_failures());
    console_put_P(s_diag_waits);
    console_put_u16(eeprom_store_vcc_refusals());
    console_nl();
}

void console_exec(console_t *c, game_t *g, char *line)
{
    char *s;
    char *arg;
    for (s = line; *s; s++) {
        if (*s >= 'A' && *s <= 'Z') {
            *s = (char)(*s - 'A' + 'a');
        }
    }
    s = console_skip_spaces(line);
    /* Trailing spaces would make `move 5 ` differ from `move 5`. */
    for (arg = s + strlen(s); arg > s && arg[-1] == ' '; arg--) {
        arg[-1] = '\0';
    }
    if (*s == '\0') {
        return; /* empty line: nothing to answer */
    }
    if (c->solve_pending) {
        console_solve(c, s, 1);
    } else if ((arg = console_word(s, k_help)) != NULL) {
        console_line_P(s_help1);
        console_line_P(s_help2);
        console_line_P(s_help3);
        console_line_P(s_help4);
    } else if ((arg = console_word(s, k_board)) != NULL) {
        if (*arg) {
            console_error(s_err_args);
        } else {
            console_board(g);
        }
    } else if ((arg = console_word(s, k_move)) != NULL) {
        console_move(g, arg);
    } else if ((arg = console_word(s, k_new)) != NULL) {
        if (console_is(arg, k_x)) {
            game_new(g, GAME_MODE_AI_X);
        } else if (console_is(arg, k_o)) {
            game_new(g, GAME_MODE_AI_O);
        } else if (console_is(arg, k_2p)) {
            game_new(g, GAME_MODE_2P);
        } else {
            console_error(s_err_mode);
        }
    } else if ((arg = console_word(s, k_level)) != NULL) {
        console_level(g, arg);
    } else if ((arg = console_word(s, k_hint)) != NULL) {
        if (*arg || g->phase != GAME_PLAY || game_ai_to_move(g)) {
            console_error(*arg ? s_err_args : s_err_hint);
        } else {
            game_hint(g);
        }
    } else if ((arg = console_word(s, k_stats)) != NULL) {
        if (*arg == '\0') {
            console_stats(g);
        } else if (console_is(arg, k_clear)) {
            game_stats_clear(g);
        } else {
            console_error(s_err_stats);
        }
    } else if ((arg = console_word(s, k_diag)) != NULL) {
        if (*arg) {
            console_error(s_err_args);
        } else {
            console_diag(c);
        }
    } else if ((arg = console_word(s, k_solve)) != NULL) {
        console_solve(c, arg, 0);
    } else {
        console_error(s_err_cmd);
    }
}

void console_feed(console_t *c, game_t *g, int16_t byte)
{
    uint8_t r = console_line_feed(&c->line, (uint8_t)byte);
    if (r == CONSOLE_LINE_READY) {
        console_exec(c, g, c->line.buf);
    } else if (r != CONSOLE_LINE_NONE) {
        console_solve_reset(c); /* a bad line also ends a board being collected */
        if (r == CONSOLE_LINE_OVERRUN) {
            c->lines_lost++;
        }
        console_error(r == CONSOLE_LINE_TOO_LONG ? s_err_long
                      : r == CONSOLE_LINE_BAD_CHAR ? s_err_char
                                                   : s_err_overrun);
    }
    if (byte & UART_RX_GAP_AFTER) {
        /* Bytes were lost after this one: the line they belonged to (this one, or the
         * next if this byte ended a line) is refused at its end. */
        c->line.status = CONSOLE_LINE_OVERRUN;
        c->line.len = 0;
    }
}
