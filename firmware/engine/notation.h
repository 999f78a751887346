/* firmware/engine/notation.h - the one board notation of the console's `solve` and the host's
 * `ttt move` (pure C, host and AVR; no recursion, no allocation, every loop bounded by
 * its input length). The judge CLI reads its judges' formats word by word and feeds
 * the words' cells through the same parser.
 *
 * Grammar (a board is exactly 9 cells; bytes are ASCII):
 *
 *     board       = { sep } cell { { sep } cell } { sep }     exactly 9 cells
 *     cell        = digit-cell | letter-cell    all 9 cells of one board in one format
 *     digit-cell  = "0" (empty) | "1" (X) | "2" (O)           Baekjoon 16571
 *     letter-cell = "." (empty) | "x" | "X" (X) | "o" | "O" (O) Algospot TICTACTOE
 *     sep         = " " | TAB | "/" | "," | "|"
 *
 * Cells are taken in reading order (cell 0 top-left, cell 8 bottom-right). Separators
 * may stand anywhere, any number of times, and mean nothing: rows are not checked, so
 * "xx./oo./...", "xx. oo. ...", "x,x,.|o,o,.|.,.,." and "xx.oo...." are one board,
 * as are "120 112 002" and "1 2 0 / 1 1 2 / 0 0 2". Letters are case-insensitive.
 * Any other byte (another letter or digit, a control byte, CR or LF, a byte >= 0x80)
 * is an error, and so is a digit in a board of letters or a letter in a board of
 * digits. Whether the board is reachable is not the notation's business: check it
 * with pos_legality(). */
#ifndef NOTATION_H
#define NOTATION_H
#include <stdint.h>
#include "position.h"

/* notation_board_t.format */
enum {
    NOTATION_ANY = 0,    /* no cell read yet: the first cell fixes the format */
    NOTATION_DIGITS = 1, /* 0 1 2 */
    NOTATION_LETTERS = 2 /* . x o */
};

/* Results of notation_add() and notation_parse_board(). */
enum {
    NOTATION_OK = 0,
    NOTATION_BAD_CHAR, /* a byte that is neither a cell nor a separator */
    NOTATION_MIXED,    /* a cell of the other format (digits and letters mixed) */
    NOTATION_LONG,     /* a 10th cell */
    NOTATION_SHORT     /* notation_parse_board(): fewer than 9 cells */
};

/* A board being read, possibly over several pieces of text (the console's `solve`
 * over several lines; the judge CLI word by word). */
typedef struct {
    uint16_t x, o;  /* cells read so far: bit i = cell i */
    uint8_t cells;  /* number of cells read, 0..9 */
    uint8_t format; /* NOTATION_ANY, or the format of the cells read; a caller may set
                       NOTATION_DIGITS or NOTATION_LETTERS after notation_begin() to
                       accept only that format */
} notation_board_t;

/* Start an empty board. */
void notation_begin(notation_board_t *b);
/* Add the cells of text[0..len) to *b. Returns NOTATION_OK, or the error of the first
 * bad byte: *b then holds the cells before it (callers drop the board). Counting cells
 * per piece is b->cells after minus before. */
uint8_t notation_add(notation_board_t *b, const char *text, uint8_t len);
/* A whole board in one piece: notation_begin + notation_add + exactly 9 cells. */
uint8_t notation_parse_board(const char *text, uint8_t len, notation_board_t *b);
/* Cell character for output: 'x', 'o' or '.'. */
char notation_cell_char(pos_t p, uint8_t cell);

#endif
