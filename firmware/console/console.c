/* firmware/console/console.c - serial console: fixed-buffer line assembly and commands.
 * Every finished non-empty line gets at least one answer line (but for the board lines
 * after a bare `solve`); errors are one line starting `error: `. Boards are read by the
 * engine's one notation (notation.h): digits 0/1/2 (Baekjoon 16571, answer W/D/L for
 * the side to move) or letters . x o (Algospot TICTACTOE, answer x/o/TIE).
 * Invariants: the line buffer is always NUL-terminated within CONSOLE_LINE_MAX + 1;
 * solve_lines > 0 only while a bare `solve` collects its board. */
#include "console.h"

#include "eeprom_store.h"
#include "engine.h"
#include "keys.h"
#include "out.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

OUT_STR(s_help, "help | board | move 1-9 | new x|o|2p | hint | diag\n"
                "level perfect|medium|easy (0-2) | stats [clear]\n"
                "solve 120112002 -> W/D/L for the side to move (0 . 1 x 2 o)\n"
                "solve xx.oo.... -> x/o/TIE; or solve, then 3 board lines");
/* The commands, in the order of console_exec()'s switch. */
OUT_STR(k_commands, "help\0board\0move\0new\0level\0hint\0stats\0solve\0diag\0");
OUT_STR(k_modes, "x\0o\0" "2p\0");
OUT_STR(k_levels, "perfect\0medium\0easy\0");
OUT_STR(k_clear, "clear\0");
OUT_STR(s_error, "error: ");
/* Errors, in CON_E_* order (out_nth_P). */
OUT_STR(s_errors, "line too long\0"
                  "bad character\0"
                  "input overrun\0"
                  "unknown command (try help)\0"
                  "usage: move 1-9\0"
                  "usage: new x|o|2p\0"
                  "usage: level perfect|medium|easy\0"
                  "usage: stats [clear]\0"
                  "game over (press a key or type new)\0"
                  "not your turn\0"
                  "cell taken\0"
                  "bad board (9 cells of 0/1/2 or x/o/.)\0"
                  "illegal board\0"
                  "no arguments expected\0"
                  "no hint now");
enum {
    CON_E_LONG, CON_E_CHAR, CON_E_OVERRUN, CON_E_CMD, CON_E_MOVE, CON_E_MODE, CON_E_LEVEL,
    CON_E_STATS, CON_E_OVER, CON_E_TURN, CON_E_TAKEN, CON_E_BOARD, CON_E_ILLEGAL,
    CON_E_ARGS, CON_E_HINT
};
/* A line's error is CON_E_LONG + (status - CONSOLE_LINE_TOO_LONG); a refused move's is
 * CON_E_OVER + (result - GAME_ERR_OVER). */
_Static_assert(CONSOLE_LINE_BAD_CHAR - CONSOLE_LINE_TOO_LONG == CON_E_CHAR - CON_E_LONG &&
                   CONSOLE_LINE_OVERRUN - CONSOLE_LINE_TOO_LONG == CON_E_OVERRUN - CON_E_LONG,
               "line errors map onto the first error strings");
_Static_assert(GAME_ERR_NOT_YOUR_TURN - GAME_ERR_OVER == CON_E_TURN - CON_E_OVER &&
                   GAME_ERR_TAKEN - GAME_ERR_OVER == CON_E_TAKEN - CON_E_OVER,
               "game_person_move() results map onto the error strings");
OUT_STR(s_solve_more, "solve: enter 3 board lines");
OUT_STR(s_turn, "turn: ");
OUT_STR(s_you_ai, " (you)\0 (ai)");
OUT_STR(s_over, "over: ");
OUT_STR(s_tie, "TIE");
OUT_STR(s_stats, "stats ");
OUT_STR(s_stats_words, ": wins \0, draws \0, losses \0: x wins \0, draws \0, o wins ");
OUT_STR(s_result_words, " wins\0draw");
OUT_STR(s_diag1, "diag: up \0 s; resets power \0 watchdog \0 brown-out \0 other ");
OUT_STR(s_diag2, "diag: table \0ok\0bad, solver\0; stack \0 B; vcc \0 V");
OUT_STR(s_diag3, "diag: lost rx \0 lines \0 keys \0 tx \0; eeprom failed \0 low-vcc waits ");

static void console_error(uint8_t err)
{
    out_P(s_error);
    out_nth_P(s_errors, err);
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
    if (byte == '\n' || byte == '\r') {
        uint8_t status = l->status ? l->status : CONSOLE_LINE_READY;
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
    } else if (l->len >= CONSOLE_LINE_MAX) {
        l->status = CONSOLE_LINE_TOO_LONG;
    } else {
        l->buf[l->len++] = (char)byte;
        return CONSOLE_LINE_NONE;
    }
    l->len = 0;
    return CONSOLE_LINE_NONE;
}

void console_init(console_t *c)
{
    console_line_init(&c->line);
    c->solve_lines = 0;
    c->lines_lost = 0;
}

/* Index of `word` in a flash list "a\0b\0...\0\0" (a list ends with an empty string),
 * or 0xFF. The word ends at a NUL, or at `stop` (' ' for a command before its
 * arguments, '\0' for a whole argument). */
static uint8_t console_lookup(const char *word, const char *list, char stop)
{
    for (uint8_t i = 0; pgm_read_byte(list); i++) {
        const char *w = word;
        char c;
        while ((c = (char)pgm_read_byte(list)) != '\0' && c == *w) {
            list++;
            w++;
        }
        if (c == '\0' && (*w == '\0' || *w == stop)) {
            return i;
        }
        while (pgm_read_byte(list++) != '\0') { /* to the next word */
        }
    }
    return 0xFF;
}

/* `x.o` rows, then `turn: x (you)` / `turn: o` / `over: x wins` / `over: draw`. */
static void console_board(const game_t *g)
{
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        uint16_t bit = (uint16_t)(1u << cell);
        out_byte((g->pos.x & bit) ? 'x' : (g->pos.o & bit) ? 'o' : '.');
        if (cell % 3u == 2u) {
            out_nl();
        }
    }
    if (g->over) {
        uint8_t w = game_winner(g);
        out_P(s_over);
        if (w != PLAYER_NONE) {
            out_player(w);
        }
        out_nth_P(s_result_words, w == PLAYER_NONE);
    } else {
        out_P(s_turn);
        out_player(pos_to_move(g->pos));
        if (g->settings.mode != GAME_MODE_2P) {
            out_nth_P(s_you_ai, game_ai_to_move(g));
        }
    }
    out_nl();
}

static void console_stats(const game_t *g)
{
    for (uint8_t m = 0; m < GAME_MODES; m++) {
        uint8_t words = m == GAME_MODE_2P ? 3u : 0u;
        out_P(s_stats);
        game_put_mode(m);
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            out_nth_P(s_stats_words, (uint8_t)(words + k));
            out_num(g->stats.n[m][k], 0);
        }
        out_nl();
    }
}

/* The answer for a complete board: W/D/L or x/o/TIE. */
static void console_solve_answer(const notation_board_t *b)
{
    pos_t p = {b->x, b->o};
    int8_t r;
    if (!pos_is_legal(p)) {
        console_error(CON_E_ILLEGAL);
        return;
    }
    r = engine_outcome(p).result;
    if (b->format == NOTATION_DIGITS) {
        out_byte(r == ENGINE_WIN ? 'W' : r == ENGINE_DRAW ? 'D' : 'L');
    } else if (r == ENGINE_DRAW) {
        out_P(s_tie);
    } else {
        uint8_t mover = pos_to_move(p);
        out_player(r == ENGINE_WIN ? mover : (uint8_t)(PLAYER_X + PLAYER_O - mover));
    }
    out_nl();
}

/* A board line after a bare `solve`: exactly 3 cells each; the third line answers. */
static void console_solve_line(console_t *c, const char *s, uint8_t len)
{
    uint8_t before = c->solve.cells;
    if (notation_add(&c->solve, s, len) != NOTATION_OK || c->solve.cells != before + 3u) {
        c->solve_lines = 0;
        console_error(CON_E_BOARD);
    } else if (--c->solve_lines == 0) {
        console_solve_answer(&c->solve);
    }
}

static void console_diag(const console_t *c)
{
    uint8_t resets[POWER_CAUSES];
    power_reset_counts(resets);
    out_nth_P(s_diag1, 0);
    out_num(tick_ms(), 3);
    out_nth_P(s_diag1, 1);
    out_num(resets[POWER_CAUSE_POWER_ON], 0);
    out_nth_P(s_diag1, 2);
    out_num(resets[POWER_CAUSE_WATCHDOG], 0);
    out_nth_P(s_diag1, 3);
    out_num(resets[POWER_CAUSE_BROWN_OUT], 0);
    out_nth_P(s_diag1, 4);
    out_num(resets[POWER_CAUSE_EXTERNAL], 0);
    out_nl();
    out_nth_P(s_diag2, 0);
    out_nth_P(s_diag2, engine_table_ok() ? 1u : 2u);
    out_nth_P(s_diag2, 3);
    out_num(power_stack_peak(), 0);
    out_nth_P(s_diag2, 4);
    out_num(power_vcc_decivolts(), 1);
    out_nth_P(s_diag2, 5);
    out_nl();
    out_nth_P(s_diag3, 0);
    out_num(uart_rx_overruns(), 0);
    out_nth_P(s_diag3, 1);
    out_num(c->lines_lost, 0);
    out_nth_P(s_diag3, 2);
    out_num(keys_lost_events(), 0);
    out_nth_P(s_diag3, 3);
    out_num(uart_tx_dropped(), 0);
    out_nth_P(s_diag3, 4);
    out_num(eeprom_store_failures(), 0);
    out_nth_P(s_diag3, 5);
    out_num(eeprom_store_vcc_refusals(), 0);
    out_nl();
}

/* The value of a one-digit argument 0..max, or 0xFF. */
static uint8_t console_digit(const char *arg, char max)
{
    return (arg[0] >= '0' && arg[0] <= max && arg[1] == '\0') ? (uint8_t)(arg[0] - '0') : 0xFFu;
}

void console_exec(console_t *c, game_t *g, char *line)
{
    char *s = line, *arg, *end;
    uint8_t v;
    for (end = line; *end; end++) {
        if (*end >= 'A' && *end <= 'Z') {
            *end = (char)(*end - 'A' + 'a');
        }
    }
    while (end > line && end[-1] == ' ') { /* trailing spaces: `move 5 ` is `move 5` */
        *--end = '\0';
    }
    while (*s == ' ') {
        s++;
    }
    if (*s == '\0') {
        return; /* empty line: nothing to answer */
    }
    if (c->solve_lines) {
        console_solve_line(c, s, (uint8_t)(end - s));
        return;
    }
    for (arg = s; *arg && *arg != ' '; arg++) {
    }
    while (*arg == ' ') {
        arg++;
    }
    switch (console_lookup(s, k_commands, ' ')) {
    case 0: /* help */
        out_line_P(s_help);
        break;
    case 1: /* board */
        if (*arg) {
            console_error(CON_E_ARGS);
        } else {
            console_board(g);
        }
        break;
    case 2: /* move N */
        v = console_digit(arg, '9');
        if (v == 0 || v == 0xFFu) {
            console_error(CON_E_MOVE);
        } else if ((v = game_person_move(g, (uint8_t)(v - 1u))) != GAME_OK) {
            console_error((uint8_t)(CON_E_OVER + v - GAME_ERR_OVER));
        }
        break;
    case 3: /* new x|o|2p */
        v = console_lookup(arg, k_modes, '\0');
        if (v == 0xFFu) {
            console_error(CON_E_MODE);
        } else {
            game_new(g, v);
        }
        break;
    case 4: /* level perfect|medium|easy|0..2 */
        v = console_lookup(arg, k_levels, '\0');
        if (v == 0xFFu) {
            v = console_digit(arg, '2');
        }
        if (v == 0xFFu) {
            console_error(CON_E_LEVEL);
        } else {
            game_set_level(g, v);
        }
        break;
    case 5: /* hint */
        if (*arg) {
            console_error(CON_E_ARGS);
        } else if (!game_hint(g)) {
            console_error(CON_E_HINT);
        }
        break;
    case 6: /* stats [clear] */
        if (*arg == '\0') {
            console_stats(g);
        } else if (console_lookup(arg, k_clear, '\0') == 0) {
            game_stats_clear(g);
        } else {
            console_error(CON_E_STATS);
        }
        break;
    case 7: /* solve BOARD, or solve then 3 lines */
        notation_begin(&c->solve);
        if (*arg == '\0') {
            c->solve_lines = 3;
            out_line_P(s_solve_more);
        } else if (notation_add(&c->solve, arg, (uint8_t)(end - arg)) != NOTATION_OK ||
                   c->solve.cells != POS_CELLS) {
            console_error(CON_E_BOARD);
        } else {
            console_solve_answer(&c->solve);
        }
        break;
    case 8: /* diag */
        if (*arg) {
            console_error(CON_E_ARGS);
        } else {
            console_diag(c);
        }
        break;
    default:
        console_error(CON_E_CMD);
        break;
    }
}

void console_feed(console_t *c, game_t *g, int16_t byte)
{
    uint8_t r = console_line_feed(&c->line, (uint8_t)byte);
    if (r == CONSOLE_LINE_READY) {
        console_exec(c, g, c->line.buf);
    } else if (r != CONSOLE_LINE_NONE) {
        c->solve_lines = 0; /* a bad line also ends a board being collected */
        if (r == CONSOLE_LINE_OVERRUN) {
            c->lines_lost++;
        }
        console_error((uint8_t)(CON_E_LONG + r - CONSOLE_LINE_TOO_LONG));
    }
    if (byte & UART_RX_GAP_AFTER) {
        /* Bytes were lost after this one: the line they belonged to (this one, or the
         * next if this byte ended a line) is refused at its end. */
        c->line.status = CONSOLE_LINE_OVERRUN;
        c->line.len = 0;
    }
}
