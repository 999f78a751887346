/* firmware/console/out.c - text output into the UART (see out.h). No state, no waiting:
 * a byte that does not fit is dropped and counted by the UART (uart_tx_dropped), which
 * the main loop's room check keeps from ever happening. */
#include "out.h"

#include "position.h"
#include "uart.h"

void out_byte(char c)
{
    (void)uart_putc((uint8_t)c);
}

void out_fmt_P(const char *fmt, const uint16_t *nums)
{
    char c;
    while ((c = (char)pgm_read_byte(fmt++)) != '\0') {
        if (c < '\t') { /* OUT_NUM (1) or OUT_NUM_1 (2): decimals = c - 1 */
            out_num(*nums++, (uint8_t)(c - 1));
        } else {
            out_byte(c);
        }
    }
}

void out_P(const char *pgm)
{
    out_fmt_P(pgm, 0);
}

void out_nth_P(const char *list, uint8_t n)
{
    while (n--) {
        while (pgm_read_byte(list++) != '\0') { /* skip one string and its NUL */
        }
    }
    out_P(list);
}

/* v / 10 in place, returning v % 10: restoring binary long division, one quotient bit
 * per step (no library division, no table). */
static uint8_t out_div10(uint32_t *v)
{
    uint32_t q = *v;
    uint8_t r = 0;
    for (uint8_t i = 0; i < 32u; i++) {
        r = (uint8_t)(r << 1); /* r < 20 */
        if ((int32_t)q < 0) {
            r |= 1u;
        }
        q <<= 1;
        if (r >= 10u) {
            r = (uint8_t)(r - 10u);
            q |= 1u;
        }
    }
    *v = q;
    return r;
}

void out_num(uint32_t v, uint8_t point)
{
    char digits[10]; /* 4294967295 */
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + out_div10(&v));
    } while (v || n <= point);
    while (n) {
        out_byte(digits[--n]);
        if (n && n == point) {
            out_byte('.');
        }
    }
}

void out_cell(uint8_t cell)
{
    out_byte((char)('1' + cell));
}

void out_cells(uint16_t cells)
{
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        if (cells >> cell & 1u) {
            out_byte(' ');
            out_cell(cell);
        }
    }
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
