/* hal/avr/uart.c - USART0 at 115200 8N1, interrupt-driven through two rings
 * (hal/ring.h). The ISRs never wait: RX stores a byte or counts an overrun; UDRE sends
 * one byte or switches itself off. Main-loop calls never block either: a full TX ring
 * drops the byte and counts it. */
#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "board_check.h"
#include "ring.h"

#define UART_BAUD 115200ul
/* Double speed (U2X0 = 1): UBRR = F_CPU / (8 * baud) - 1 = 16e6 / 921600 - 1 = 16.36
 * -> 16, giving 16e6 / (8 * 17) = 117647 baud, +2.1 % (datasheet table 20-7 lists 16 /
 * 2.1 %; with U2X0 = 0 it would be UBRR 8 at -3.5 %). The Uno's ATmega16U2 USB bridge
 * uses the same 16 MHz / UBRR 16 divider, so the two ends agree exactly; against an
 * exact 115200 host the 2.1 % is inside the 8N1 double-speed receiver margin
 * (table 20-3: +4.35 / -4.64 %). */
#define UART_UBRR ((F_CPU + 4ul * UART_BAUD) / (8ul * UART_BAUD) - 1ul)
_Static_assert(UART_UBRR == 16, "UBRR for 115200 at 16 MHz with U2X must be 16");

#define UART_RX_SIZE 64u
#define UART_TX_SIZE 64u
_Static_assert(RING_SIZE_OK(UART_RX_SIZE) && RING_SIZE_OK(UART_TX_SIZE), "ring sizes");

static uint8_t uart_rx_buf[UART_RX_SIZE];
static uint8_t uart_tx_buf[UART_TX_SIZE];
static ring_t uart_rx, uart_tx;
static volatile uint16_t uart_overruns; /* RX bytes lost (ring full or USART DOR0) */
static uint16_t uart_tx_drops;          /* TX bytes dropped, main-loop only */
static volatile uint8_t uart_tx_started;

void uart_init(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        ring_init(&uart_rx, uart_rx_buf, UART_RX_SIZE);
        ring_init(&uart_tx, uart_tx_buf, UART_TX_SIZE);
        uart_overruns = 0;
        uart_tx_drops = 0;
        uart_tx_started = 0;
        UBRR0 = (uint16_t)UART_UBRR;      /* 16: see above */
        UCSR0A = (uint8_t)(1u << U2X0);   /* double speed: 8 samples per bit */
        UCSR0C = (uint8_t)((1u << UCSZ01) | (1u << UCSZ00)); /* 8 data, no parity, 1 stop */
        /* Receiver + transmitter on, RX-complete interrupt; UDRE interrupt only while
         * the TX ring has bytes. Enabling TXEN0 takes PD1 over from the port. */
        UCSR0B = (uint8_t)((1u << RXEN0) | (1u << TXEN0) | (1u << RXCIE0));
    }
}

uint8_t uart_putc(uint8_t c)
{
    if (!ring_put(&uart_tx, c)) {
        uart_tx_drops++;
        return 0;
    }
    /* Read-modify-write of UCSR0B while the UDRE ISR may clear UDRIE0: at worst we set
     * it again after the ring emptied, and the ISR then finds nothing and clears it. */
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { UCSR0B |= (uint8_t)(1u << UDRIE0); }
    return 1;
}

void uart_puts(const char *s)
{
    while (*s)
        uart_putc((uint8_t)*s++);
}

int16_t uart_getc(void)
{
    uint8_t c;
    return ring_get(&uart_rx, &c) ? (int16_t)c : -1;
}

uint16_t uart_rx_overruns(void)
{
    uint16_t n;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { n = uart_overruns; }
    return n;
}

uint16_t uart_tx_dropped(void)
{
    return uart_tx_drops;
}

uint8_t uart_tx_busy(void)
{
    if (!ring_empty(&uart_tx) || (UCSR0B & (1u << UDRIE0)))
        return 1;
    /* TXC0 is set once the last byte has fully left the shift register. */
    return uart_tx_started && !(UCSR0A & (1u << TXC0));
}

ISR(USART_RX_vect)
{
    uint8_t status = UCSR0A; /* must be read before UDR0 (datasheet 20.7.4) */
    uint8_t c = UDR0;
    if (status & (1u << DOR0))
        uart_overruns++; /* a byte was lost in the USART itself */
    if (status & (1u << FE0))
        return; /* framing error: drop the garbage byte */
    if (!ring_put(&uart_rx, c))
        uart_overruns++;
}

ISR(USART_UDRE_vect)
{
    uint8_t c;
    if (ring_get(&uart_tx, &c)) {
        /* Clear TXC0 (write 1) while keeping U2X0 set, so tx_busy() waits for this byte. */
        UCSR0A = (uint8_t)((1u << U2X0) | (1u << TXC0));
        UDR0 = c;
        uart_tx_started = 1;
    } else {
        UCSR0B &= (uint8_t)~(1u << UDRIE0); /* nothing to send: stop this interrupt */
    }
}
