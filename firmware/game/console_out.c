/* firmware/game/console_out.c - text output through console_out_byte() (pure C).
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

void console_put_num(uint32_t v, uint8_t point)
{
    static const uint32_t powers[10] PROGMEM = {1000000000ul, 100000000ul, 10000000ul,
                                                1000000ul, 100000ul, 10000ul, 1000ul,
                                                100ul, 10ul, 1ul};
    uint8_t started = 0;
    for (uint8_t i = 0; i < 10u; i++) {
        uint32_t p = pgm_read_dword(&powers[i]);
        uint8_t after = (uint8_t)(9u - i); /* digits still to come after this one */
        char d = '0';
        while (v >= p) { /* at most 9 subtractions */
            v -= p;
            d++;
        }
        if (d != '0' || after <= point) {
            started = 1;
        }
        if (started) {
            console_putc(d);
            if (point && after == point) {
                console_putc('.');
            }
        }
    }
}

void console_put_u16(uint16_t v)
{
    console_put_num(v, 0);
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
