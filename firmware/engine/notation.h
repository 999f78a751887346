/* firmware/engine/notation.h - the one board notation of the console's `solve` and of
 * `ttt move` (pure C; every loop bounded by its input). The grammar: digits 0 1 2 or
 * letters . x o, separators anywhere (firmware/engine/README.md, "Board notation").
 * Whether a board is reachable is pos_legality()'s business. */
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

void notation_begin(notation_board_t *b); /* an empty board */
/* Add the cells of text[0..len); NOTATION_OK, or the first bad byte's error (*b then
 * holds the cells before it). */
uint8_t notation_add(notation_board_t *b, const char *text, uint8_t len);
/* A whole board in one piece: begin, add, exactly 9 cells. */
uint8_t notation_parse_board(const char *text, uint8_t len, notation_board_t *b);
char notation_cell_char(pos_t p, uint8_t cell); /* 'x', 'o' or '.' */

#endif
