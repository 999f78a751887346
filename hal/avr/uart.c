/* hal/avr/uart.c - USART0 through two rings (hal/README.md, "Serial port"). Invariants:
 * uart_rx_gap is written by the interrupt only while it is 0 and by uart_getc() only
 * while it is not; uart_flow_byte is written by the main loop only while the peer is
 * held. */
#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <stdbool.h>
#include <util/atomic.h>

#include "ring.h"

#ifndef UART_XONXOFF
#define UART_XONXOFF 1
#endif

/* Double speed (U2X0): the divider and its error, hal/README.md, "Serial port". */
#define UART_UBRR ((F_CPU + 4ul * UART_BAUD) / (8ul * UART_BAUD) - 1ul)
_Static_assert(UART_UBRR == 16, "UBRR for UART_BAUD at 16 MHz with U2X must be 16");
_Static_assert(UART_UBRR < 256u, "UBRR0H stays 0");

/* Ring sizes and flow-control marks (the input's in uart.h): hal/README.md, "Serial port". */
#define UART_TX_SIZE 256u
#define UART_RX_MASK ((uint8_t)(UART_RX_SIZE - 1u))
#define UART_TX_MASK ((uint8_t)(UART_TX_SIZE - 1u))
_Static_assert(RING_SIZE_OK(UART_RX_SIZE) && RING_SIZE_OK(UART_TX_SIZE), "ring sizes");
_Static_assert(UART_RX_XON_AT < UART_RX_XOFF_AT && UART_RX_XOFF_AT < UART_RX_SIZE - 1u,
               "flow-control marks");

static uint8_t uart_rx_buf[UART_RX_SIZE];
static uint8_t uart_tx_buf[UART_TX_SIZE];
static ring_t uart_rx, uart_tx;
static volatile uint16_t uart_overruns; /* RX bytes lost (ring full, DOR0 or FE0) */
static uint16_t uart_tx_drops;          /* TX bytes dropped, main-loop only */
static volatile uint8_t uart_flow_byte; /* XON/XOFF waiting to be sent, or 0 */
static volatile bool uart_tx_started;   /* a byte has been sent since init */
static volatile bool uart_peer_held;    /* XOFF sent, XON not yet */
static bool uart_dor_gap; /* interrupt only: DOR0 seen: mark the gap after the next byte */
static volatile uint8_t uart_rx_gap; /* 0, or UART_GAP_SET | the slot input was lost
                                           after (the mark not read yet) */
#define UART_GAP_SET 0x80u
_Static_assert(UART_RX_MASK < UART_GAP_SET, "a slot number leaves the flag bit free");

void uart_init(void)
{
    /* UBRR0H stays 0: its reset value, and what both Uno bootloaders leave. */
    UBRR0L = (uint8_t)UART_UBRR;
    UCSR0A = (uint8_t)(1u << U2X0); /* UART_UBRR */
    /* 8N1: the reset value, written since a bootloader ran first. */
    UCSR0C = (uint8_t)((1u << UCSZ01) | (1u << UCSZ00));
    /* The UDRE interrupt only while there is output. */
    UCSR0B = (uint8_t)((1u << RXEN0) | (1u << TXEN0) | (1u << RXCIE0));
}

/* Wake the UDRE interrupt. UCSR0B is no I/O register: read-modify-write, interrupts off. */
static void uart_kick_tx(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        UCSR0B |= (uint8_t)(1u << UDRIE0);
    }
}

bool uart_putc(uint8_t c)
{
    if (!ring_put(&uart_tx, uart_tx_buf, UART_TX_MASK, c)) {
        uart_tx_drops++; /* one per byte lost, never per retry */
        return false;
    }
    /* The interrupt may have stopped itself before the put. */
    uart_kick_tx();
    return true;
}

uint8_t uart_tx_free(void)
{
    return ring_free(&uart_tx, UART_TX_MASK);
}

int16_t uart_getc(void)
{
    uint8_t slot = uart_rx.tail;
    int16_t r = ring_get(&uart_rx, uart_rx_buf, UART_RX_MASK);
    if (r < 0)
        return r;
    if (uart_rx_gap == (uint8_t)(UART_GAP_SET | slot)) {
        uart_rx_gap = 0; /* the interrupt may store input again */
        r |= UART_RX_GAP_AFTER;
    }
#if UART_XONXOFF
    if (uart_peer_held && ring_used(&uart_rx, UART_RX_MASK) <= UART_RX_XON_AT) {
        uart_peer_held = false;
        uart_flow_byte = UART_XON;
        uart_kick_tx();
    }
#endif
    return r;
}

uint16_t uart_rx_overruns(void)
{
    uint16_t n;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        n = uart_overruns;
    }
    return n;
}

uint16_t uart_tx_dropped(void)
{
    return uart_tx_drops;
}

bool uart_tx_busy(void)
{
    /* UDRIE0: bytes queued; TXC0: the last one has left. */
    return (UCSR0B & (1u << UDRIE0)) || (uart_tx_started && !(UCSR0A & (1u << TXC0)));
}

/* RX interrupt: a byte went into slot, `used` now in the ring; true on DOR0, whose mark
 * goes on the next byte stored (hal/README.md, "Serial port"). */
static bool uart_rx_stored(uint8_t slot, uint8_t status, uint8_t used)
{
    bool dor = status & (1u << DOR0);
    if (uart_dor_gap)
        uart_rx_gap = (uint8_t)(UART_GAP_SET | slot);
    uart_dor_gap = dor;
#if UART_XONXOFF
    if (used >= UART_RX_XOFF_AT && !uart_peer_held) {
        uart_peer_held = true;
        uart_flow_byte = UART_XOFF;
        UCSR0B |= (uint8_t)(1u << UDRIE0);
    }
#else
    (void)used;
#endif
    return dor;
}

/* RX interrupt: the byte meant for slot is lost: one gap (hal/README.md, "Serial port"). */
static void uart_rx_lost(uint8_t slot)
{
    uart_dor_gap = false;
    if (!uart_rx_gap)
        uart_rx_gap = (uint8_t)(UART_GAP_SET | ((slot - 1u) & UART_RX_MASK));
}

ISR(USART_RX_vect)
{
    uint8_t status = UCSR0A; /* must be read before UDR0 (datasheet 20.7.4) */
    uint8_t c = UDR0;
    uint8_t slot = uart_rx.head; /* where c goes */
    uint8_t used = 0;
    if (status & (1u << FE0)) {
        uart_overruns++; /* framing error: the garbage byte is dropped, and counted */
        return;
    }
    if (!uart_rx_gap)
        used = ring_put(&uart_rx, uart_rx_buf, UART_RX_MASK, c);
    if (!used) {
        uart_rx_lost(slot);
        uart_overruns++;
    } else if (uart_rx_stored(slot, status, used)) {
        uart_overruns++;
    }
}

ISR(USART_UDRE_vect)
{
    uint8_t c = uart_flow_byte;
    if (c) {
        uart_flow_byte = 0; /* flow control overtakes queued output */
    } else {
        int16_t queued = ring_get(&uart_tx, uart_tx_buf, UART_TX_MASK);
        if (queued < 0) {
            UCSR0B &= (uint8_t) ~(1u << UDRIE0); /* nothing to send: stop this interrupt */
            return;
        }
        c = (uint8_t)queued;
    }
    /* Clear TXC0 (write 1) while keeping U2X0 set, so tx_busy() waits for this byte. */
    UCSR0A = (uint8_t)((1u << U2X0) | (1u << TXC0));
    UDR0 = c;
    uart_tx_started = true;
}
