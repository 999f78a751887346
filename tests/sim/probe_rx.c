/* tests/sim/probe_rx.c - a planted receive latency, on the firmware's own serial driver
 * (hal/avr/uart.c, linked as it is; its uart_rx_overruns() is what `diag` shows as
 * `lost rx`): so both emulators' USART receivers can be held to the chip's (two frames
 * in the FIFO, a third in the shift register, DOR0 when a fourth starts). Lines on the
 * UART (UART_BAUD 8N1, XON/XOFF as the firmware's):
 *   stall N  interrupts off for N ms (a planted `cli` stretch, 0-9), then `stalled`
 *   count    `lost rx N`: the driver's overrun count
 *   other    `line TEXT`, or `refused` when input was lost inside it (UART_RX_GAP_AFTER)
 * No watchdog, no sleep: it is a probe, not the firmware. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <stdbool.h>
#include <stdint.h>
#include <util/delay.h>

#include "uart.h"

#define PROBE_PUTC(c) (void)uart_putc((uint8_t)(c))
#include "../probe_print.h"

static bool is(const char *line, const char *word)
{
    while (*word && *line == *word) {
        line++;
        word++;
    }
    return !*word && (!*line || *line == ' ');
}

static void run(const char *line, bool refused)
{
    if (refused) {
        puts_("refused\n");
    } else if (is(line, "stall")) {
        uint8_t ms = (uint8_t)(line[5] == ' ' ? line[6] - '0' : 1);
        if (ms > 9u)
            ms = 1u;
        cli();
        while (ms--)
            _delay_ms(1);
        sei();
        puts_("stalled\n");
    } else if (is(line, "count")) {
        puts_("lost rx ");
        put_u16(uart_rx_overruns());
        puts_("\n");
    } else {
        puts_("line ");
        puts_(line);
        puts_("\n");
    }
}

int main(void)
{
    uart_init();
    sei();
    puts_("probe_rx: ready\n");
    char line[48];
    uint8_t len = 0;
    bool gap = false;
    for (;;) {
        int16_t r = uart_getc();
        if (r < 0)
            continue;
        bool lost_after = r & UART_RX_GAP_AFTER;
        char c = (char)(r & 0xff);
        if (c != '\n') {
            gap = gap || lost_after;
            if (len < sizeof line - 1u)
                line[len++] = c;
            continue;
        }
        line[len] = 0;
        len = 0;
        run(line, gap);
        gap = lost_after; /* input lost after a newline: the next line is damaged */
    }
}
