/* firmware/notation.c - parsers for the judges' board rows and the one-line board
 * notation; shared by the host judge CLI and the device console. Never reads past
 * `len`; never writes a cell that the input did not name. */
#include "notation.h"

/* 0 empty, 1 X, 2 O, or 3 for a character that is not a cell of `format`. */
static uint8_t notation_cell_value(char c, uint8_t format)
{
    if (format == NOTATION_DIGITS)
        return (c >= '0' && c <= '2') ? (uint8_t)(c - '0') : 3u;
    return c == '.' ? 0u : c == 'x' ? 1u : c == 'o' ? 2u : 3u;
}

static void notation_set(pos_t *p, uint8_t cell, uint8_t value)
{
    uint16_t bit = (uint16_t)(1u << cell);
    if (value == 1)
        p->x |= bit;
    else if (value == 2)
        p->o |= bit;
}

uint8_t notation_parse_row(const char *text, uint8_t len, uint8_t format, uint8_t row, pos_t *p)
{
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\r' || text[len - 1] == '\t'))
        len--;
    uint8_t col = 0, i = 0;
    while (i < len) {
        if (col == 3)
            return NOTATION_LONG;
        if (format == NOTATION_DIGITS && col > 0) {
            if (text[i] != ' ')
                return notation_cell_value(text[i], format) < 3 ? NOTATION_BAD_SEPARATOR
                                                                : NOTATION_BAD_CHAR;
            if (++i == len)
                break;
        }
        uint8_t value = notation_cell_value(text[i], format);
        if (value > 2)
            return text[i] == ' ' ? NOTATION_BAD_SEPARATOR : NOTATION_BAD_CHAR;
        notation_set(p, (uint8_t)(3 * row + col), value);
        col++;
        i++;
    }
    return col == 3 ? NOTATION_OK : NOTATION_SHORT;
}

uint8_t notation_parse_board(const char *text, uint8_t len, pos_t *p)
{
    uint8_t cell = 0;
    uint8_t format = (len && text[0] >= '0' && text[0] <= '2') ? NOTATION_DIGITS : NOTATION_LETTERS;
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\r'))
        len--;
    for (uint8_t i = 0; i < len; i++) {
        if (text[i] == '/') {
            if (cell == 0 || cell % 3 != 0 || cell == 9 || text[i - 1] == '/')
                return NOTATION_BAD_SEPARATOR;
            continue;
        }
        if (cell == 9)
            return NOTATION_LONG;
        uint8_t value = notation_cell_value(text[i], format);
        if (value > 2)
            return NOTATION_BAD_CHAR;
        notation_set(p, cell++, value);
    }
    return cell == 9 ? NOTATION_OK : NOTATION_SHORT;
}

char notation_cell_char(pos_t p, uint8_t cell)
{
    uint16_t bit = (uint16_t)(1u << cell);
    return (p.x & bit) ? 'x' : (p.o & bit) ? 'o' : '.';
}
