/* firmware/notation.h - board notations of the judges and the console (pure C):
 * a row of digits "1 2 0" (0 empty, 1 X, 2 O; Baekjoon 16571), a row of letters "xo."
 * (Algospot TICTACTOE), and a whole board "xo.x..o.x" with optional '/' between rows. */
#ifndef NOTATION_H
#define NOTATION_H
#include <stdint.h>
#include "position.h"

enum {
    NOTATION_DIGITS = 0, /* "1 2 0": three digits 0..2 separated by single spaces */
    NOTATION_LETTERS = 1 /* "xo.": three of x, o, . */
};

enum {
    NOTATION_OK = 0,
    NOTATION_BAD_CHAR,  /* a character outside the format */
    NOTATION_SHORT,     /* fewer cells than the format needs */
    NOTATION_LONG,      /* more than the format allows */
    NOTATION_BAD_SEPARATOR /* digits not separated by one space, or '/' misplaced */
};

/* Parse one row (len bytes, no line end; trailing spaces and '\r' are ignored) into row
 * `row` (0..2) of *p (marks are added; start from an empty board). Returns NOTATION_*. */
uint8_t notation_parse_row(const char *text, uint8_t len, uint8_t format, uint8_t row, pos_t *p);
/* Parse a whole board: 9 cells of x o . (or 0 1 2), optionally "/" between the rows. */
uint8_t notation_parse_board(const char *text, uint8_t len, pos_t *p);
/* Cell character for output: 'x', 'o' or '.'. */
char notation_cell_char(pos_t p, uint8_t cell);

#endif
