/* firmware/tools/judge.c - the judges' input read word by word (firmware/tools/README.md):
 * one word of JUDGE_WORD_MAX bytes at a time, every read checked for EOF and errors. */
#include "judge.h"

#include <errno.h>
#include <string.h>

#include "engine.h"
#include "notation.h"
#include "position.h"

enum { WORD_OK, WORD_END, WORD_NUL, WORD_LONG, WORD_READ_ERROR };

typedef struct {
    char text[JUDGE_WORD_MAX];
    size_t len;         /* bytes kept in text (all of the word unless WORD_LONG) */
    unsigned long line; /* line the word starts on (or of the NUL, or of the end) */
    int read_errno;     /* errno of a failed read */
} judge_word_t;

void judge_in_file(judge_in_t *in, FILE *file)
{
    memset(in, 0, sizeof *in);
    in->file = file;
    in->line = 1;
}

void judge_in_buffer(judge_in_t *in, const uint8_t *data, size_t size)
{
    memset(in, 0, sizeof *in);
    in->data = data;
    in->size = size;
    in->line = 1;
}

/* Next byte or EOF; counts lines (LF, CRLF and CR alone each end one line). */
static int judge_getc(judge_in_t *in)
{
    int c;
    if (in->file)
        c = getc(in->file);
    else
        c = in->pos < in->size ? in->data[in->pos++] : EOF;
    if (c == '\r' || (c == '\n' && !in->after_cr))
        in->line++;
    in->after_cr = c == '\r';
    return c;
}

static int judge_is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static int judge_eof_status(judge_in_t *in, judge_word_t *w)
{
    if (in->file && ferror(in->file)) {
        w->read_errno = errno;
        return WORD_READ_ERROR;
    }
    return WORD_END;
}

/* The next word: skip whitespace, then bytes up to whitespace or the end. */
static int judge_word(judge_in_t *in, judge_word_t *w)
{
    int c;
    w->len = 0;
    do {
        w->line = in->line;
        c = judge_getc(in);
    } while (judge_is_space(c));
    for (;;) {
        if (c == EOF)
            return w->len ? WORD_OK : judge_eof_status(in, w);
        if (c == '\0') {
            w->line = in->line;
            return WORD_NUL;
        }
        if (w->len == JUDGE_WORD_MAX)
            return WORD_LONG;
        w->text[w->len++] = (char)c;
        c = judge_getc(in);
        if (judge_is_space(c))
            return WORD_OK;
    }
}

void judge_echo(FILE *err, const char *text, size_t len)
{
    size_t used = 0, i;
    fputc('\'', err);
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        size_t width = c == '\\' ? 2 : (c >= 0x20 && c < 0x7F) ? 1 : 4;
        if (used + width > JUDGE_ECHO_MAX)
            break;
        if (c == '\\')
            fputs("\\\\", err);
        else if (width == 1)
            fputc(c, err);
        else
            fprintf(err, "\\x%02X", c);
        used += width;
    }
    fputs(i < len ? "'..." : "'", err);
}

/* "ttt: line N: <before>'<word>'<after>" (the word only if w is not NULL). */
static int judge_fail(FILE *err, unsigned long line, const char *before, const judge_word_t *w,
                      const char *after)
{
    fprintf(err, "ttt: line %lu: %s", line, before);
    if (w)
        judge_echo(err, w->text, w->len);
    fprintf(err, "%s\n", after);
    return JUDGE_EXIT_BAD_INPUT;
}

/* The message for a word that could not be read (not WORD_OK, not WORD_END). */
static int judge_word_fail(FILE *err, int r, const judge_word_t *w)
{
    if (r == WORD_READ_ERROR) {
        fprintf(err, "ttt: cannot read the input: %s\n", strerror(w->read_errno));
        return JUDGE_EXIT_IO;
    }
    if (r == WORD_NUL)
        return judge_fail(err, w->line, "a NUL byte in the input", NULL, "");
    char what[48];
    snprintf(what, sizeof what, "a word longer than %d bytes: ", JUDGE_WORD_MAX);
    return judge_fail(err, w->line, what, w, "");
}

/* A word of decimal digits only; its value saturates at `max` + 1. */
static int judge_number(const judge_word_t *w, unsigned long max, unsigned long *value)
{
    *value = 0;
    for (size_t i = 0; i < w->len; i++) {
        if (w->text[i] < '0' || w->text[i] > '9')
            return 0;
        *value = *value * 10u + (unsigned long)(w->text[i] - '0');
        if (*value > max)
            *value = max + 1u;
    }
    return w->len > 0;
}

const char *judge_illegal_reason(uint8_t why)
{
    switch (why) {
    case POS_BAD_COUNTS:
        return "illegal board: X must have as many marks as O or one more";
    case POS_BOTH_LINES:
        return "illegal board: both players have a line";
    case POS_LINE_NOT_LAST:
        return "illegal board: the player with a line did not move last";
    default:
        return "illegal board";
    }
}

/* After the last board: only whitespace is expected; anything else is ignored with a
 * warning (read no further than its first byte). */
static int judge_trailing(judge_in_t *in, FILE *err, const char *after_what)
{
    judge_word_t w;
    int r = judge_word(in, &w);
    if (r == WORD_READ_ERROR)
        return judge_word_fail(err, r, &w);
    if (r != WORD_END)
        fprintf(err, "ttt: line %lu: warning: input after %s ignored\n", w.line, after_what);
    return JUDGE_EXIT_OK;
}

int judge_boj16571(judge_in_t *in, FILE *out, FILE *err)
{
    notation_board_t b;
    judge_word_t w;
    notation_begin(&b);
    b.format = NOTATION_DIGITS;
    while (b.cells < POS_CELLS) {
        int r = judge_word(in, &w);
        if (r == WORD_END) {
            fprintf(err, "ttt: line %lu: unexpected end of input: a board has 9 cells, found %u\n",
                    w.line, (unsigned)b.cells);
            return JUDGE_EXIT_BAD_INPUT;
        }
        if (r != WORD_OK)
            return judge_word_fail(err, r, &w);
        unsigned long value;
        if (!judge_number(&w, 2, &value))
            return judge_fail(err, w.line, "", &w, " is not a cell: a cell is 0, 1 or 2");
        if (value > 2)
            return judge_fail(err, w.line, "", &w,
                              " is not a cell: a cell is 0, 1 or 2, cells separated by whitespace");
        char cell = (char)('0' + value);
        notation_add(&b, &cell, 1);
    }
    pos_t p = {b.x, b.o};
    uint8_t why = pos_legality(p);
    if (why != POS_LEGAL)
        return judge_fail(err, w.line, judge_illegal_reason(why), NULL, "");
    if (pos_is_over(p))
        return judge_fail(err, w.line, "the game is already over: no player to move", NULL, "");
    engine_outcome_t o = engine_outcome(p);
    fputs(o.result == ENGINE_WIN ? "W\n" : o.result == ENGINE_LOSS ? "L\n" : "D\n", out);
    return judge_trailing(in, err, "the board");
}

/* Winner under perfect play, from the engine's outcome for the side to move, which
 * also answers finished boards (a won board is the mover's loss in 0 plies, a full one a
 * draw). */
static uint8_t judge_winner(pos_t p)
{
    engine_outcome_t o = engine_outcome(p);
    uint8_t mover = pos_to_move(p);
    if (o.result == ENGINE_DRAW)
        return PLAYER_NONE;
    if (o.result == ENGINE_WIN)
        return mover;
    return mover == PLAYER_X ? PLAYER_O : PLAYER_X;
}

int judge_algospot(judge_in_t *in, FILE *out, FILE *err)
{
    judge_word_t w;
    unsigned long cases;
    int r = judge_word(in, &w);
    if (r == WORD_END)
        return judge_fail(err, w.line, "empty input: expected the number of cases", NULL, "");
    if (r != WORD_OK)
        return judge_word_fail(err, r, &w);
    if (!judge_number(&w, JUDGE_ALGOSPOT_MAX_CASES, &cases) || cases > JUDGE_ALGOSPOT_MAX_CASES)
        return judge_fail(err, w.line, "", &w, ": expected the number of cases (0..100000)");
    int status = JUDGE_EXIT_OK;
    for (unsigned long c = 1; c <= cases; c++) {
        notation_board_t b;
        notation_begin(&b);
        b.format = NOTATION_LETTERS;
        while (b.cells < POS_CELLS) {
            r = judge_word(in, &w);
            if (r == WORD_END) {
                fprintf(err,
                        "ttt: line %lu: unexpected end of input: case %lu has %u of its 9 cells\n",
                        w.line, c, (unsigned)b.cells);
                return JUDGE_EXIT_BAD_INPUT;
            }
            if (r != WORD_OK)
                return judge_word_fail(err, r, &w);
            uint8_t e = notation_add(&b, w.text, (uint8_t)w.len);
            if (e == NOTATION_LONG)
                return judge_fail(err, w.line, "", &w,
                                  " runs past the 9 cells of a board: whitespace between boards");
            if (e != NOTATION_OK)
                return judge_fail(err, w.line, "", &w, ": a board's cells are x, o and .");
        }
        pos_t p = {b.x, b.o};
        uint8_t why = pos_legality(p);
        if (why != POS_LEGAL) {
            /* Readable but impossible: only this case is spoilt. */
            judge_fail(err, w.line, judge_illegal_reason(why), NULL, "");
            status = JUDGE_EXIT_BAD_INPUT;
            continue;
        }
        uint8_t winner = judge_winner(p);
        fputs(winner == PLAYER_X ? "x\n" : winner == PLAYER_O ? "o\n" : "TIE\n", out);
        if (ferror(out))
            return JUDGE_EXIT_IO; /* the caller reports the failed write */
    }
    int tail = judge_trailing(in, err, cases ? "the last case" : "the count");
    return status ? status : tail;
}
