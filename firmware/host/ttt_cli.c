/* firmware/host/ttt_cli.c - the judge CLI on the host, built on the same engine as the
 * board: `ttt boj16571`, `ttt algospot`, `ttt move [--solver] BOARD`.
 * Output is byte-exact for the judges; any bad input gives one line on stderr naming the
 * line and the problem, exit status 2, and nothing on stdout for that case. Lines are
 * read into a fixed buffer (overlong ones are reported, not truncated silently) and
 * every read handles EOF, so truncated input cannot hang or crash it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "notation.h"
#include "position.h"
#include "solver.h"

#define CLI_LINE_MAX 80
#define CLI_EXIT_BAD_INPUT 2
#define CLI_ALGOSPOT_MAX_CASES 100000L

typedef struct {
    char text[CLI_LINE_MAX + 1];
    size_t len;
    unsigned long number; /* 1-based line number of `text` */
    int too_long;
} cli_line_t;

/* Read the next line; returns 0 at end of input (a last line without '\n' counts). */
static int cli_read_line(FILE *in, cli_line_t *line)
{
    int c;
    line->len = 0;
    line->too_long = 0;
    line->number++;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (line->len < CLI_LINE_MAX)
            line->text[line->len++] = (char)c;
        else
            line->too_long = 1;
    }
    line->text[line->len] = '\0';
    return !(c == EOF && line->len == 0 && !line->too_long);
}

static int cli_fail(unsigned long line, const char *what)
{
    fprintf(stderr, "ttt: line %lu: %s\n", line, what);
    return CLI_EXIT_BAD_INPUT;
}

static const char *cli_notation_error(uint8_t err, uint8_t format)
{
    switch (err) {
    case NOTATION_BAD_CHAR:
        return format == NOTATION_DIGITS ? "a character other than 0, 1, 2 or a space"
                                         : "a character other than x, o or .";
    case NOTATION_SHORT:
        return "short line: a row needs 3 cells";
    case NOTATION_LONG:
        return "long line: a row has only 3 cells";
    case NOTATION_BAD_SEPARATOR:
        return format == NOTATION_DIGITS ? "cells must be separated by one space"
                                         : "misplaced separator";
    default:
        return "unreadable row";
    }
}

static const char *cli_illegal_reason(uint8_t why)
{
    switch (why) {
    case POS_BAD_COUNTS:
        return "illegal board: X must have as many marks as O or one more";
    case POS_BOTH_LINES:
        return "illegal board: both players have a line";
    case POS_LINE_NOT_LAST:
        return "illegal board: the player with a line did not move last";
    case POS_LINES_NOT_ONE_MOVE:
        return "illegal board: no single last move completes these lines";
    default:
        return "illegal board";
    }
}

enum { CLI_BOARD_OK = 0, CLI_BOARD_UNREADABLE, CLI_BOARD_ILLEGAL };

/* Read 3 rows in `format` into *p. Returns CLI_BOARD_*, having reported any problem. */
static int cli_read_board(FILE *in, cli_line_t *line, uint8_t format, pos_t *p)
{
    *p = (pos_t){0, 0};
    for (uint8_t row = 0; row < 3; row++) {
        if (!cli_read_line(in, line)) {
            cli_fail(line->number, "unexpected end of input: a board has 3 lines");
            return CLI_BOARD_UNREADABLE;
        }
        uint8_t err = line->too_long ? NOTATION_LONG
                                     : notation_parse_row(line->text, (uint8_t)line->len, format, row, p);
        if (err != NOTATION_OK) {
            cli_fail(line->number, cli_notation_error(err, format));
            return CLI_BOARD_UNREADABLE;
        }
    }
    uint8_t why = pos_legality(*p);
    if (why != POS_LEGAL) {
        cli_fail(line->number, cli_illegal_reason(why));
        return CLI_BOARD_ILLEGAL;
    }
    return CLI_BOARD_OK;
}

/* Only blank lines may follow the input. */
static int cli_expect_end(FILE *in, cli_line_t *line)
{
    while (cli_read_line(in, line)) {
        for (size_t i = 0; i < line->len; i++)
            if (line->text[i] != ' ' && line->text[i] != '\r' && line->text[i] != '\t')
                return cli_fail(line->number, "unexpected input after the last board");
        if (line->too_long)
            return cli_fail(line->number, "unexpected input after the last board");
    }
    return 0;
}

static int cli_boj16571(FILE *in)
{
    cli_line_t line = {.number = 0};
    pos_t p;
    if (cli_read_board(in, &line, NOTATION_DIGITS, &p) != CLI_BOARD_OK)
        return CLI_EXIT_BAD_INPUT;
    int status;
    if (pos_is_over(p))
        return cli_fail(line.number, "the game is already over: no player to move");
    if ((status = cli_expect_end(in, &line)))
        return status;
    engine_outcome_t out = engine_outcome(p);
    puts(out.result == ENGINE_WIN ? "W" : out.result == ENGINE_LOSS ? "L" : "D");
    return 0;
}

static int cli_algospot(FILE *in)
{
    cli_line_t line = {.number = 0};
    if (!cli_read_line(in, &line))
        return cli_fail(line.number, "empty input: expected the number of cases");
    char *end;
    errno = 0;
    long cases = strtol(line.text, &end, 10);
    while (*end == ' ' || *end == '\r' || *end == '\t')
        end++;
    if (line.too_long || end == line.text || *end || errno || cases < 0 ||
        cases > CLI_ALGOSPOT_MAX_CASES || line.text[0] == ' ')
        return cli_fail(line.number, "expected the number of cases (0..100000)");
    int status = 0;
    for (long c = 0; c < cases; c++) {
        pos_t p;
        int board = cli_read_board(in, &line, NOTATION_LETTERS, &p);
        /* An unreadable row loses the line structure: stop. An illegal but well-formed
         * board only spoils its own case; the later cases are still answered. */
        if (board == CLI_BOARD_UNREADABLE)
            return CLI_EXIT_BAD_INPUT;
        if (board == CLI_BOARD_ILLEGAL) {
            status = CLI_EXIT_BAD_INPUT;
            continue;
        }
        uint8_t winner = pos_winner(p);
        if (winner == PLAYER_NONE && !pos_is_over(p)) {
            engine_outcome_t out = engine_outcome(p);
            if (out.result != ENGINE_DRAW)
                winner = (out.result == ENGINE_WIN) == (pos_to_move(p) == PLAYER_X) ? PLAYER_X
                                                                                    : PLAYER_O;
        }
        puts(winner == PLAYER_X ? "x" : winner == PLAYER_O ? "o" : "TIE");
    }
    int tail = cli_expect_end(in, &line);
    return status ? status : tail;
}

static int cli_move(int argc, char **argv)
{
    int use_solver = argc == 4 && strcmp(argv[2], "--solver") == 0;
    if (argc != 3 + use_solver) {
        fprintf(stderr, "usage: ttt move [--solver] BOARD\n");
        return CLI_EXIT_BAD_INPUT;
    }
    const char *text = argv[2 + use_solver];
    size_t len = strlen(text);
    pos_t p = {0, 0};
    uint8_t err = len > 20 ? NOTATION_LONG : notation_parse_board(text, (uint8_t)len, &p);
    if (err != NOTATION_OK) {
        fprintf(stderr, "ttt: board '%s': %s\n", text,
                err == NOTATION_SHORT  ? "needs 9 cells of x, o, ."
                : err == NOTATION_LONG ? "more than 9 cells"
                : err == NOTATION_BAD_SEPARATOR ? "'/' only between rows"
                                                : "a character other than x, o, . or /");
        return CLI_EXIT_BAD_INPUT;
    }
    uint8_t why = pos_legality(p);
    if (why != POS_LEGAL) {
        fprintf(stderr, "ttt: board '%s': %s\n", text, cli_illegal_reason(why));
        return CLI_EXIT_BAD_INPUT;
    }
    if (pos_is_over(p)) {
        fprintf(stderr, "ttt: board '%s': the game is already over\n", text);
        return CLI_EXIT_BAD_INPUT;
    }
    printf("%u\n", (unsigned)(use_solver ? solver_move(p) : engine_move(p)));
    return 0;
}

int main(int argc, char **argv)
{
    if (!engine_init()) {
        fprintf(stderr, "ttt: solution table fails its CRC check\n");
        return 1;
    }
    if (argc == 2 && strcmp(argv[1], "boj16571") == 0)
        return cli_boj16571(stdin);
    if (argc == 2 && strcmp(argv[1], "algospot") == 0)
        return cli_algospot(stdin);
    if (argc >= 2 && strcmp(argv[1], "move") == 0)
        return cli_move(argc, argv);
    fprintf(stderr, "usage: ttt boj16571 < board\n"
                    "       ttt algospot < cases\n"
                    "       ttt move [--solver] BOARD   (BOARD: 9 of x o . with optional /)\n");
    return CLI_EXIT_BAD_INPUT;
}
