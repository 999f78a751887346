/* firmware/engine/notation.c - the board notation parser (grammar in notation.h), shared by the
 * console and the host judge CLI. One pass over the bytes it is given, never past
 * `len`; a cell bit is set only for a cell the text names, at most 9 of them. */
#include "notation.h"

void notation_begin(notation_board_t *b)
{
    b->x = 0;
    b->o = 0;
    b->cells = 0;
    b->format = NOTATION_ANY;
}

uint8_t notation_add(notation_board_t *b, const char *text, uint8_t len)
{
    uint16_t bit = (uint16_t)(1u << b->cells); /* the next cell's (b->cells is 0..9) */
    for (; len; len--) {
        char c = *text++;
        uint8_t format = NOTATION_LETTERS, mark = PLAYER_NONE;
        if (c == ' ' || c == '\t' || c == '/' || c == ',' || c == '|')
            continue;
        if ((uint8_t)(c - '0') <= 2u) {
            format = NOTATION_DIGITS;
            mark = (uint8_t)(c - '0');  /* PLAYER_X = 1, PLAYER_O = 2 */
        } else if ((c | 0x20) == 'x') { /* only 'x' and 'X' differ from 'x' in bit 5 */
            mark = PLAYER_X;
        } else if ((c | 0x20) == 'o') {
            mark = PLAYER_O;
        } else if (c != '.') {
            return NOTATION_BAD_CHAR;
        }
        if (b->format != format) {
            if (b->format != NOTATION_ANY)
                return NOTATION_MIXED;
            b->format = format; /* the first cell (a board has none yet) */
        }
        if (b->cells >= POS_CELLS)
            return NOTATION_LONG;
        b->cells++;
        if (mark & PLAYER_X) /* mark is PLAYER_NONE, PLAYER_X or PLAYER_O */
            b->x |= bit;
        if (mark & PLAYER_O)
            b->o |= bit;
        bit <<= 1;
    }
    return NOTATION_OK;
}

uint8_t notation_parse_board(const char *text, uint8_t len, notation_board_t *b)
{
    notation_begin(b);
    uint8_t err = notation_add(b, text, len);
    if (err == NOTATION_OK && b->cells != POS_CELLS)
        err = NOTATION_SHORT;
    return err;
}

char notation_cell_char(pos_t p, uint8_t cell)
{
    for (; cell; cell--) { /* the cell's bits down to bit 0 */
        p.x >>= 1;
        p.o >>= 1;
    }
    return (p.x & 1u) ? 'x' : (p.o & 1u) ? 'o' : '.';
}
