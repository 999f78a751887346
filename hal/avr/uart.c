/* hal/avr/uart.c - USART0 at 115200 8N1, interrupt-driven through two rings
 * (hal/ring.h), with XON/XOFF and lost-input marking (see hal/uart.h).
 * ISR context: RX stores a byte (or counts a loss and marks the gap), asks for XOFF at
 * the high-water mark; UDRE sends a pending XON/XOFF first, else one queued byte, else
 * switches itself off. Main-loop calls never wait. Invariants: uart_flow_byte is only
 * written with interrupts off in the main loop; the gap bitmap bit of a slot is set only
 * while that slot holds an unread byte. uart_init() runs once after reset, on the C
 * runtime's zeroed RAM: empty rings, no gap marked, nothing counted. */
#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "ring.h"

#ifndef UART_XONXOFF
#define UART_XONXOFF 1
#endif

#define UART_BAUD 115200ul
/* Double speed (U2X0 = 1): UBRR = F_CPU / (8 * baud) - 1 = 16e6 / 921600 - 1 = 16.36
 * -> 16, giving 16e6 / (8 * 17) = 117647 baud, +2.1 % (datasheet table 20-7 lists 16 /
 * 2.1 %; with U2X0 = 0 it would be UBRR 8 at -3.5 %). The Uno's ATmega16U2 USB bridge
 * uses the same 16 MHz / UBRR 16 divider, so the two ends agree exactly; against an
 * exact 115200 host the 2.1 % is inside the 8N1 double-speed receiver margin
 * (table 20-3: +4.35 / -4.64 %). */
#define UART_UBRR ((F_CPU + 4ul * UART_BAUD) / (8ul * UART_BAUD) - 1ul)
_Static_assert(UART_UBRR == 16, "UBRR for 115200 at 16 MHz with U2X must be 16");

/* TX: the console's longest answer (CONSOLE_ANSWER_MAX, 224 bytes) fits at once, so the
 * main loop never waits for the line to drain (it takes a byte of input only when that
 * much room is free); 256 is the next power of two, and its 8-bit indices wrap by
 * themselves. RX: XOFF goes out at 32 bytes, leaving 95 for what is still on the way
 * (the host stops as soon as it reads XOFF, but the Uno's USB bridge, arduino-usbserial
 * on the ATmega16U2, may still hold up to 128 bytes and a 64-byte USB packet); input
 * lost beyond that is marked and refused, never spliced. 128 bytes are 11 ms of input at
 * 115200 baud, longer than the main loop's longest pass. */
#define UART_RX_SIZE 128u
#define UART_TX_SIZE 256u
#define UART_RX_MASK ((uint8_t)(UART_RX_SIZE - 1u))
#define UART_TX_MASK ((uint8_t)(UART_TX_SIZE - 1u))
#define UART_RX_XOFF_AT 32u
#define UART_RX_XON_AT 8u
_Static_assert(RING_SIZE_OK(UART_RX_SIZE) && RING_SIZE_OK(UART_TX_SIZE), "ring sizes");
_Static_assert(UART_RX_XON_AT < UART_RX_XOFF_AT && UART_RX_XOFF_AT < UART_RX_SIZE - 1u,
               "flow-control marks");

static uint8_t uart_rx_buf[UART_RX_SIZE];
static uint8_t uart_tx_buf[UART_TX_SIZE];
static volatile uint8_t uart_rx_gap[UART_RX_SIZE / 8u]; /* bit s: input lost after slot s */
static ring_t uart_rx, uart_tx;
static volatile uint16_t uart_overruns; /* RX bytes lost (ring full or USART DOR0) */
static uint16_t uart_tx_drops;          /* TX bytes dropped, main-loop only */
static volatile uint8_t uart_tx_started;
static volatile uint8_t uart_flow_byte; /* XON/XOFF waiting to be sent, or 0 */
static volatile uint8_t uart_peer_held; /* XOFF sent, XON not yet */
static volatile uint8_t uart_dor_gap;   /* DOR0 seen: mark the gap after the next byte */

void uart_init(void)
{
    UBRR0 = (uint16_t)UART_UBRR;    /* 16: see above */
    UCSR0A = (uint8_t)(1u << U2X0); /* double speed: 8 samples per bit */
    /* Asynchronous, no parity, 1 stop bit, 8 data bits (UCSZ0 = 3, datasheet 20.11.4):
     * the reset value, written anyway since a bootloader ran before us. */
    UCSR0C = (uint8_t)((1u << UCSZ01) | (1u << UCSZ00));
    /* Receiver + transmitter on, RX-complete interrupt; the UDRE interrupt only while
     * there is something to send. Enabling TXEN0 takes PD1 over from the port. */
    UCSR0B = (uint8_t)((1u << RXEN0) | (1u << TXEN0) | (1u << RXCIE0));
}

/* Wake the UDRE interrupt (it switches itself off when idle). UCSR0B is below 0x60 in
 * data space but not in I/O space, so this is a read-modify-write: interrupts off. */
static void uart_kick_tx(void)
{
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { UCSR0B |= (uint8_t)(1u << UDRIE0); }
}

uint8_t uart_putc(uint8_t c)
{
    if (!ring_put(&uart_tx, uart_tx_buf, UART_TX_MASK, c)) {
        uart_tx_drops++; /* one per byte lost, never per retry */
        return 0;
    }
    /* If the UDRE interrupt clears UDRIE0 between the put and this, it saw the byte or
     * will be woken again here; at worst it finds nothing and clears UDRIE0 again. */
    uart_kick_tx();
    return 1;
}

uint8_t uart_tx_free(void)
{
    return ring_free(&uart_tx, UART_TX_MASK);
}

/* The gap bitmap's bit of a slot (in byte slot >> 3): an 8-bit shift loop. */
static inline __attribute__((always_inline)) uint8_t uart_gap_bit(uint8_t slot)
{
    uint8_t bit = 1;
    for (slot &= 7u; slot; slot--)
        bit = (uint8_t)(bit << 1);
    return bit;
}

int16_t uart_getc(void)
{
    uint8_t slot = uart_rx.tail;
    int16_t r = ring_get(&uart_rx, uart_rx_buf, UART_RX_MASK);
    if (r < 0)
        return r;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        uint8_t bit = uart_gap_bit(slot);
        volatile uint8_t *gap = &uart_rx_gap[slot >> 3];
        if (*gap & bit) {
            *gap &= (uint8_t)~bit;
            r |= UART_RX_GAP_AFTER;
        }
#if UART_XONXOFF
        if (uart_peer_held && ring_used(&uart_rx, UART_RX_MASK) <= UART_RX_XON_AT) {
            uart_peer_held = 0;
            uart_flow_byte = UART_XON;
            UCSR0B |= (uint8_t)(1u << UDRIE0);
        }
#endif
    }
    return r;
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
    uint8_t lost = 1, mark = 1; /* ring full: this byte is lost, after the newest */
    if (status & (1u << FE0))
        return; /* framing error: drop the garbage byte */
    if (ring_put(&uart_rx, uart_rx_buf, UART_RX_MASK, c)) {
        /* a byte lost in the USART after the byte read last time: mark after this one */
        mark = uart_dor_gap;
        /* DOR0: the USART lost a byte after the ones still in its 2-byte FIFO; the next
         * byte read is the last one before the loss (at worst the mark is one byte
         * early, which still refuses the damaged line). */
        lost = uart_dor_gap = status & (1u << DOR0);
#if UART_XONXOFF
        if (!uart_peer_held && ring_used(&uart_rx, UART_RX_MASK) >= UART_RX_XOFF_AT) {
            uart_peer_held = 1;
            uart_flow_byte = UART_XOFF;
            UCSR0B |= (uint8_t)(1u << UDRIE0);
        }
#endif
    }
    if (lost)
        uart_overruns++;
    if (mark) { /* input was lost after the newest byte in the ring (slot head - 1) */
        uint8_t slot = (uint8_t)((uart_rx.head - 1u) & UART_RX_MASK);
        uart_rx_gap[slot >> 3] |= uart_gap_bit(slot);
    }
}

ISR(USART_UDRE_vect)
{
    int16_t c = uart_flow_byte;
    if (c) {
        uart_flow_byte = 0; /* flow control overtakes queued output */
    } else if ((c = ring_get(&uart_tx, uart_tx_buf, UART_TX_MASK)) < 0) {
        UCSR0B &= (uint8_t)~(1u << UDRIE0); /* nothing to send: stop this interrupt */
        return;
    }
    /* Clear TXC0 (write 1) while keeping U2X0 set, so tx_busy() waits for this byte. */
    UCSR0A = (uint8_t)((1u << U2X0) | (1u << TXC0));
    UDR0 = (uint8_t)c;
    uart_tx_started = 1;
}
