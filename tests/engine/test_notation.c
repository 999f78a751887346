/* tests/engine/test_notation.c - the board notation (firmware/engine/notation.h), exhaustively:
 * all 19,683 boards, in digits and in letters (mixed case), written with no separators,
 * with rows split by '/', with every separator between all cells, and with runs of
 * pseudo-random separators anywhere; read whole and piece by piece (as the console reads
 * `solve` over several lines and the judge CLI reads words). Every byte that is not in
 * the grammar, at every position, is refused; so are 8 and 10 cells, a format mix at
 * every cell and a format fixed in advance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "notation.h"
#include "position.h"

#define TEXT_MAX 200

static const char seps[] = " \t/,|";

static uint32_t rng_state = 12345u;
static uint32_t rng(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 16;
}

static char cell_text(pos_t p, uint8_t cell, uint8_t format, int upper)
{
    uint16_t bit = (uint16_t)(1u << cell);
    if (format == NOTATION_DIGITS)
        return (p.x & bit) ? '1' : (p.o & bit) ? '2' : '0';
    char c = (p.x & bit) ? 'x' : (p.o & bit) ? 'o' : '.';
    return upper && c != '.' ? (char)(c - 'a' + 'A') : c;
}

enum { STYLE_PLAIN, STYLE_ROWS, STYLE_EVERY_SEP, STYLE_RANDOM, STYLES };

/* Write board p in `format` and `style`; returns the length. */
static uint8_t render(pos_t p, uint8_t format, int style, char *out)
{
    uint8_t n = 0;
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        if (style == STYLE_ROWS && cell && cell % 3 == 0)
            out[n++] = '/';
        if (style == STYLE_EVERY_SEP)
            out[n++] = seps[cell % 5];
        if (style == STYLE_RANDOM)
            for (uint32_t k = rng() % 4; k; k--)
                out[n++] = seps[rng() % 5];
        out[n++] = cell_text(p, cell, format, (int)(rng() & 1));
    }
    if (style == STYLE_RANDOM)
        for (uint32_t k = rng() % 3; k; k--)
            out[n++] = seps[rng() % 5];
    return n;
}

static void assert_board(const notation_board_t *b, pos_t p, uint8_t format)
{
    assert_int_equal(b->x, p.x);
    assert_int_equal(b->o, p.o);
    assert_int_equal(b->cells, POS_CELLS);
    assert_int_equal(b->format, format);
}

static void test_every_board_every_style(void **state)
{
    (void)state;
    char text[TEXT_MAX];
    long parsed = 0;
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        for (uint8_t format = NOTATION_DIGITS; format <= NOTATION_LETTERS; format++)
            for (int style = 0; style < STYLES; style++) {
                uint8_t len = render(p, format, style, text);
                notation_board_t b;
                assert_int_equal(notation_parse_board(text, len, &b), NOTATION_OK);
                assert_board(&b, p, format);
                /* The same text in two pieces, split anywhere. */
                uint8_t cut = (uint8_t)(rng() % (len + 1u));
                notation_begin(&b);
                assert_int_equal(notation_add(&b, text, cut), NOTATION_OK);
                uint8_t first = b.cells;
                assert_int_equal(notation_add(&b, text + cut, (uint8_t)(len - cut)), NOTATION_OK);
                assert_board(&b, p, format);
                /* Cells per piece are counted. */
                uint8_t cells_before_cut = 0;
                for (uint8_t i = 0; i < cut; i++)
                    cells_before_cut += strchr(seps, text[i]) == NULL;
                assert_int_equal(first, cells_before_cut);
                /* Byte by byte. */
                notation_begin(&b);
                for (uint8_t i = 0; i < len; i++)
                    assert_int_equal(notation_add(&b, text + i, 1), NOTATION_OK);
                assert_board(&b, p, format);
                /* For a board of this format only. */
                notation_begin(&b);
                b.format = format;
                assert_int_equal(notation_add(&b, text, len), NOTATION_OK);
                assert_board(&b, p, format);
                notation_begin(&b);
                b.format = (uint8_t)(NOTATION_DIGITS + NOTATION_LETTERS - format);
                assert_int_equal(notation_add(&b, text, len), NOTATION_MIXED);
                parsed++;
            }
        /* notation_cell_char writes the letters back. */
        for (uint8_t cell = 0; cell < POS_CELLS; cell++)
            assert_int_equal(notation_cell_char(p, cell), cell_text(p, cell, NOTATION_LETTERS, 0));
    }
    assert_int_equal(parsed, 2L * STYLES * POS_CODES);
}

/* The three rows as three lines, as the console reads `solve` then 3 lines: 3 cells per
 * line. */
static void test_three_lines(void **state)
{
    (void)state;
    static const char *const lines[] = {"1 2 0", "1 1 2", "0 0 2"};
    notation_board_t b;
    notation_begin(&b);
    for (int i = 0; i < 3; i++) {
        uint8_t before = b.cells;
        assert_int_equal(notation_add(&b, lines[i], (uint8_t)strlen(lines[i])), NOTATION_OK);
        assert_int_equal(b.cells - before, 3);
    }
    assert_int_equal(b.x, 0x001 | 0x008 | 0x010);
    assert_int_equal(b.o, 0x002 | 0x020 | 0x100);
    assert_int_equal(b.format, NOTATION_DIGITS);
    /* Empty pieces and pieces of separators only add nothing. */
    notation_begin(&b);
    assert_int_equal(notation_add(&b, "", 0), NOTATION_OK);
    assert_int_equal(notation_add(&b, " /,| \t", 6), NOTATION_OK);
    assert_int_equal(b.cells, 0);
    assert_int_equal(b.format, NOTATION_ANY);
}

static void test_bad_input(void **state)
{
    (void)state;
    notation_board_t b;
    char text[TEXT_MAX];
    /* Every byte outside the grammar, at every position of a good board. */
    const char *good = "xo./.x./..o";
    uint8_t good_len = (uint8_t)strlen(good);
    int refused = 0;
    for (int byte = 0; byte < 256; byte++) {
        char c = (char)byte;
        if (strchr("012xXoO.", c) && c != '\0')
            continue;
        if (strchr(seps, c) && c != '\0')
            continue;
        for (uint8_t at = 0; at <= good_len; at++) {
            memcpy(text, good, at);
            text[at] = c;
            memcpy(text + at + 1, good + at, good_len - at);
            assert_int_equal(notation_parse_board(text, (uint8_t)(good_len + 1), &b), NOTATION_BAD_CHAR);
            refused++;
        }
    }
    assert_int_equal(refused, (256 - 13) * (good_len + 1));
    /* Never read past len: the byte after it is bad but not looked at. */
    assert_int_equal(notation_parse_board("xo.x..o..?", 9, &b), NOTATION_OK);
    /* Counts. */
    assert_int_equal(notation_parse_board("xo.x..o.", 8, &b), NOTATION_SHORT);
    assert_int_equal(notation_parse_board("", 0, &b), NOTATION_SHORT);
    assert_int_equal(notation_parse_board("///", 3, &b), NOTATION_SHORT);
    assert_int_equal(notation_parse_board("xo.x..o..x", 10, &b), NOTATION_LONG);
    assert_int_equal(b.cells, POS_CELLS); /* the cells before the error are kept */
    assert_int_equal(notation_parse_board("120000000 0", 11, &b), NOTATION_LONG);
    /* A mix of formats, at every cell. */
    for (uint8_t at = 0; at < POS_CELLS; at++) {
        /* The mix is found at the odd cell, or at cell 1 when cell 0 is the odd one. */
        strcpy(text, ".........");
        text[at] = '0';
        assert_int_equal(notation_parse_board(text, 9, &b), NOTATION_MIXED);
        assert_int_equal(b.cells, at ? at : 1);
        strcpy(text, "000000000");
        text[at] = 'X';
        assert_int_equal(notation_parse_board(text, 9, &b), NOTATION_MIXED);
        assert_int_equal(b.cells, at ? at : 1);
    }
    /* Near misses: other digits and letters, '0' vs 'O'. */
    assert_int_equal(notation_parse_board("x3.......", 9, &b), NOTATION_BAD_CHAR);
    assert_int_equal(notation_parse_board("xy.......", 9, &b), NOTATION_BAD_CHAR);
    assert_int_equal(notation_parse_board("x0.......", 9, &b), NOTATION_MIXED);
    assert_int_equal(notation_parse_board("1O0000000", 9, &b), NOTATION_MIXED);
    assert_int_equal(notation_parse_board("xx.\noo.\n...", 11, &b), NOTATION_BAD_CHAR);
    assert_int_equal(notation_parse_board("xx.\roo....", 10, &b), NOTATION_BAD_CHAR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_board_every_style),
        cmocka_unit_test(test_three_lines),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests_name("notation", tests, NULL, NULL);
}
