/* firmware/engine/notation.h - the board notation (pure C; firmware/engine/README.md,
 * "Board notation"). */
#ifndef NOTATION_H
#define NOTATION_H
#include <stdint.h>
#include "position.h"

/* notation_board_t.format */
enum {
    NOTATION_ANY = 0,    /* the first cell fixes the format */
    NOTATION_DIGITS = 1, /* 0 1 2 */
    NOTATION_LETTERS = 2 /* . x o */
};

/* Results of notation_add() and notation_parse_board(). */
enum {
    NOTATION_OK = 0,
    NOTATION_BAD_CHAR, /* neither a cell nor a separator */
    NOTATION_MIXED,    /* a cell of the other format */
    NOTATION_LONG,     /* a 10th cell */
    NOTATION_SHORT     /* notation_parse_board(): fewer than 9 cells */
};

/* A board being read, possibly in pieces. */
typedef struct {
    uint16_t x, o;  /* cells read so far */
    uint8_t cells;  /* 0..9 */
    uint8_t format; /* NOTATION_*; a caller may set one after notation_begin() */
} notation_board_t;

void notation_begin(notation_board_t *b); /* an empty board */
/* The cells of text[0..len); or the first bad byte's error (*b: the cells before it). */
uint8_t notation_add(notation_board_t *b, const char *text, uint8_t len);
/* A whole board in one piece: begin, add, exactly 9 cells. */
uint8_t notation_parse_board(const char *text, uint8_t len, notation_board_t *b);
char notation_cell_char(pos_t p, uint8_t cell); /* 'x', 'o' or '.' */

#endif
