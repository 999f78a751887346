/* firmware/console_out.c - text output through console_out_byte() (pure C).
 * Numbers are formatted without printf (no stdio on the target); flash strings are
 * read byte by byte. No state. */
#include "console_out.h"
#include "position.h"

void console_putc(char c)
{
    console_out_byte((uint8_t)c);
}

void console_put_P(const char *pgm)
{
    char c;
    while ((c = (char)pgm_read_byte(pgm)) != '\0') {
        console_putc(c);
        pgm++;
    }
}

void console_puts(const char *s)
{
    while (*s) {
        console_putc(*s++);
    }
}

void console_put_u16(uint16_t v)
{
    char digits[5];
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n) {
        console_putc(digits[--n]);
    }
}

void console_put_cell(uint8_t cell)
{
    console_putc((char)('1' + cell));
}

void console_put_player(uint8_t player)
{
    console_putc(player == PLAYER_X ? 'x' : 'o');
}

void console_nl(void)
{
    console_putc('\n');
}

void console_line_P(const char *pgm)
{
    console_put_P(pgm);
    console_nl();
}
