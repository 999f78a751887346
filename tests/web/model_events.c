/* tests/web/model_events.c - the board model (sim/board_model.c) as simavr's board runs
 * it, natively, fed an event table on stdin; prints what it answers, line for line as
 * tests/web/model_twin.mjs prints the WebAssembly build's answers to the same table.
 *   p T PB DB PC DC PD DD   port registers at cycle T (the LEDs)
 *   w T                     the window ending at T: flags, picture, ghosts, shades, next
 *                           window
 *   k KEYS PB DB PC DC PD DD  sense columns
 *   u BYTE                  a byte from the chip: flags, held, XOFFs, the line if one
 *   s MODE T                the chip's sleep mode (-1 awake): a byte in reception lost?
 *   h T CYCLES              a host byte starts: heard?, bytes lost so far
 *   r BYTE CYCLES           how long RXD stays low for it */
#include <inttypes.h>
#include <stdio.h>

#include "board_model.h"

static board_ports_t ports_of(const unsigned v[6])
{
    return (board_ports_t){{(uint8_t)v[0], (uint8_t)v[2], (uint8_t)v[4]},
                           {(uint8_t)v[1], (uint8_t)v[3], (uint8_t)v[5]}};
}

int main(void)
{
    static board_leds_t leds;
    static board_uart_t uart;
    board_leds_init(&leds, 0);
    board_uart_init(&uart);
    char kind;
    while (scanf(" %c", &kind) == 1) {
        uint64_t t;
        unsigned v[7];
        int mode;
        if (kind == 'p' &&
            scanf("%" SCNu64 "%u%u%u%u%u%u", &t, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) == 7) {
            board_ports_t p = ports_of(v);
            board_leds_set(&leds, board_leds_dies(&p), t);
        } else if (kind == 'w' && scanf("%" SCNu64, &t) == 1) {
            unsigned f = board_leds_window(&leds, t);
            printf("w %u %s %s %s %" PRIu64 "\n", f, leds.picture, leds.ghosts, leds.shades,
                   leds.next_window);
        } else if (kind == 'k' &&
                   scanf("%u%u%u%u%u%u%u", &v[6], &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) == 7) {
            board_ports_t p = ports_of(v);
            printf("k %u\n", board_keys_sense(&p, (uint16_t)v[6]));
        } else if (kind == 'u' && scanf("%u", &v[0]) == 1) {
            unsigned f = board_uart_from_chip(&uart, (uint8_t)v[0]);
            printf("u %u %d %" PRIu32 "%s%s\n", f, uart.held, uart.xoffs, f & BOARD_UART_LINE ? " " : "",
                   f & BOARD_UART_LINE ? uart.done : "");
        } else if (kind == 's' && scanf("%d%" SCNu64, &mode, &t) == 2) {
            printf("s %d\n", board_uart_sleep(&uart, mode, t));
        } else if (kind == 'h' && scanf("%" SCNu64 "%u", &t, &v[0]) == 2) {
            int heard = board_uart_rx_hears(&uart, t, v[0]);
            printf("h %d %" PRIu32 "\n", heard, uart.rx_lost);
        } else if (kind == 'r' && scanf("%u%u", &v[0], &v[1]) == 2) {
            printf("r %" PRIu64 "\n", board_uart_rxd_low((uint8_t)v[0], v[1]));
        } else {
            fprintf(stderr, "model_events: bad event '%c'\n", kind);
            return 2;
        }
    }
    return 0;
}
