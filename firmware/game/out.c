/* firmware/game/out.c - text output into the UART (see out.h). No state, no waiting:
 * a byte that does not fit is dropped and counted by the UART (uart_tx_dropped), which
 * the main loop's room check keeps from ever happening. */
#include "out.h"

#include "position.h"
#include "uart.h"

void out_byte(char c)
{
    (void)uart_putc((uint8_t)c);
}

void out_P(const char *pgm)
{
    char c;
    while ((c = (char)pgm_read_byte(pgm++)) != '\0') {
        out_byte(c);
    }
}

void out_nth_P(const char *list, uint8_t n)
{
    while (n--) {
        while (pgm_read_byte(list++) != '\0') { /* skip one string and its NUL */
        }
    }
    out_P(list);
}

void out_num(uint32_t v, uint8_t point)
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
            out_byte(d);
            if (point && after == point) {
                out_byte('.');
            }
        }
    }
}

void out_cell(uint8_t cell)
{
    out_byte((char)('1' + cell));
}

void out_player(uint8_t player)
{
    out_byte(player == PLAYER_X ? 'x' : 'o');
}

void out_nl(void)
{
    out_byte('\n');
}

void out_line_P(const char *pgm)
{
    out_P(pgm);
    out_nl();
}
