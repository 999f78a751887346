/* firmware/tools/judge.h - the judge CLI's input readers (host only): Baekjoon 16571 and
 * Algospot TICTACTOE read word by word, like the judges' accepted scanf/cin solutions,
 * from a FILE or from a memory buffer (the fuzz harness). What they accept:
 *
 * - Words are separated by whitespace: space, TAB, LF, CR, VT, FF (C isspace), any
 *   amount, anywhere, line ends LF, CRLF or CR alone. A word is at most JUDGE_WORD_MAX
 *   bytes.
 * - A number (Baekjoon cells, the Algospot count) is a word of decimal digits only:
 *   leading zeros are fine ("007" is 7); a sign ("+1", "-0") is refused, and so is
 *   anything glued to the digits ("3abc"), where scanf would stop early.
 * - Baekjoon 16571: 9 numbers, each 0, 1 or 2 ("120" is the number 120, not 3 cells).
 * - Algospot: the count C (0..JUDGE_ALGOSPOT_MAX_CASES), then C boards of 9 cells in
 *   the board notation (notation.h) restricted to letters: x o . (either case; / , |
 *   are ignored). A word may hold any number of a board's cells ("xx.", "xx.oo....",
 *   "x"), but may not run on into the next board.
 * - A NUL byte in what is read is an error.
 * - After the last board, further input is not read beyond its first word: the answers
 *   stand, a warning goes to stderr, the status is unchanged (a judge ignores it too).
 *
 * Errors: one line on `err`, "ttt: line N: ..." (N = line of the offending word, or
 * where the input ended), status JUDGE_EXIT_BAD_INPUT; words are echoed sanitised and
 * cut (judge_echo). Baekjoon: no answer. Algospot: the cases before are answered; an
 * illegal but complete board spoils only its own case (no answer line, status 2 at the
 * end); any other error stops the run. A read error gives JUDGE_EXIT_IO. Writes to
 * `out` are checked by the caller (ferror/fflush/fclose); Algospot stops early with
 * JUDGE_EXIT_IO once `out` has an error. */
#ifndef JUDGE_H
#define JUDGE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JUDGE_WORD_MAX 64
#define JUDGE_ECHO_MAX 40 /* characters of an echoed argument or word, escapes included */
#define JUDGE_ALGOSPOT_MAX_CASES 100000ul

enum { JUDGE_EXIT_OK = 0, JUDGE_EXIT_IO = 1, JUDGE_EXIT_BAD_INPUT = 2 };

typedef struct {
    FILE *file;          /* read from here if not NULL, else from data */
    const uint8_t *data; /* memory input: data[0..size) */
    size_t size, pos;
    unsigned long line;  /* line of the next byte, from 1 */
    uint8_t after_cr;    /* the previous byte was CR (so a LF after it ends no line) */
} judge_in_t;

void judge_in_file(judge_in_t *in, FILE *file);
void judge_in_buffer(judge_in_t *in, const uint8_t *data, size_t size);

int judge_boj16571(judge_in_t *in, FILE *out, FILE *err);
int judge_algospot(judge_in_t *in, FILE *out, FILE *err);

/* "illegal board: ..." for a pos_legality() result other than POS_LEGAL. */
const char *judge_illegal_reason(uint8_t why);

/* Write text[0..len) quoted for a message: printable ASCII as is, a backslash as "\\",
 * any other byte as "\xHH", at most JUDGE_ECHO_MAX characters between the quotes (an
 * escape is never split), "..." after the closing quote if cut. */
void judge_echo(FILE *err, const char *text, size_t len);

#endif
