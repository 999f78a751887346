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
 *   r BYTE CYCLES           how long RXD stays low for it
 *   t T CYCLES              UDR0 written: the transmitter's answer, its frame end
 *   e T CYCLES              a frame's end: the transmitter's answer, its next frame end
 *   z MODE VECTOR           the cycles a wake-up from MODE takes, and whether VECTOR wakes
 *   x REG VALUE T           a Timer2 register written: the next compare A match (-1 none)
 *   y T                     Timer2 counted to T: its events, TCNT2, the next match
 *   v FROM TO               the I/O clock stood from FROM to TO: Timer2's next match */
#include <inttypes.h>
#include <stdio.h>

#include "board_model.h"

static board_leds_t leds;
static board_uart_t uart;
static board_tx_t tx;
static board_timer2_t t2;

static board_ports_t ports_of(const unsigned v[6])
{
    return (board_ports_t){{(uint8_t)v[0], (uint8_t)v[2], (uint8_t)v[4]},
                           {(uint8_t)v[1], (uint8_t)v[3], (uint8_t)v[5]}};
}

static long long next_a(void)
{
    uint64_t n = board_timer2_next_a(&t2);
    return n == UINT64_MAX ? -1 : (long long)n;
}

/* The LEDs, keys and the host's UART; 0 when the event was none of them. */
static int board_event(char kind)
{
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
        return 0;
    }
    return 1;
}

/* The chip's transmitter, sleep timing and Timer2; 0 when the event was none of them. */
static int chip_event(char kind)
{
    uint64_t t, to;
    unsigned v[2];
    int mode;
    if (kind == 't' && scanf("%" SCNu64 "%u", &t, &v[0]) == 2) {
        unsigned r = board_tx_write(&tx, t, v[0]);
        printf("t %u %" PRIu64 "\n", r, tx.frame_end);
    } else if (kind == 'e' && scanf("%" SCNu64 "%u", &t, &v[0]) == 2) {
        unsigned r = board_tx_frame_end(&tx, t, v[0]);
        printf("e %u %" PRIu64 "\n", r, tx.frame_end);
    } else if (kind == 'z' && scanf("%d%u", &mode, &v[0]) == 2) {
        printf("z %" PRIu64 " %d\n", board_wake_cycles(mode), board_wakes(mode, v[0]));
    } else if (kind == 'x' && scanf("%u%u%" SCNu64, &v[0], &v[1], &t) == 3) {
        board_timer2_write(&t2, v[0], (uint8_t)v[1], t);
        printf("x %lld\n", next_a());
    } else if (kind == 'v' && scanf("%" SCNu64 "%" SCNu64, &t, &to) == 2) {
        board_timer2_clock_stood(&t2, t, to);
        printf("v %lld\n", next_a());
    } else if (kind == 'y' && scanf("%" SCNu64, &t) == 1) {
        unsigned ev = board_timer2_run(&t2, t);
        printf("y %u %u %lld\n", ev, t2.tcnt, next_a());
    } else {
        return 0;
    }
    return 1;
}

int main(void)
{
    board_leds_init(&leds, 0);
    board_uart_init(&uart);
    board_timer2_reset(&t2, 0);
    char kind;
    while (scanf(" %c", &kind) == 1) {
        if (!board_event(kind) && !chip_event(kind)) {
            fprintf(stderr, "model_events: bad event '%c'\n", kind);
            return 2;
        }
    }
    return 0;
}
