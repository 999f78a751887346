/* hal/uart.h - interrupt-driven buffered serial port, 115200 8N1 (contract).
 *
 * Nothing here blocks. Output goes into a TX ring drained by the UDRE interrupt; a byte
 * that finds the ring full is dropped and counted (callers check uart_tx_free() first,
 * so on the board nothing is ever dropped). Input is stored by the RX interrupt; a byte
 * that finds the RX ring full is lost, counted, and the byte before the loss is marked
 * (UART_RX_GAP_AFTER), so the console can refuse the damaged line instead of splicing
 * two lines together. Input that arrives while such a mark is still unread is lost and
 * counted too: a loss, however long, is one gap.
 *
 * Software flow control (XON/XOFF, on unless built with UART_XONXOFF=0): when the RX
 * ring holds UART_RX_XOFF_AT bytes the port sends XOFF (0x13) ahead of any queued
 * output; once the main loop has read it down to UART_RX_XON_AT it sends XON (0x11).
 * A peer that honours them never overruns the ring. */
#ifndef HAL_UART_H
#define HAL_UART_H
#include <stdint.h>

#define UART_XON 0x11u
#define UART_XOFF 0x13u
/* Flag in uart_getc()'s result: input was lost right after this byte. */
#define UART_RX_GAP_AFTER 0x100

void uart_init(void);
/* Queue one byte; returns 0 (and drops it, counting one dropped byte) if the TX ring is
 * full. Never blocks. */
uint8_t uart_putc(uint8_t c);
/* Bytes uart_putc() can take right now without dropping any. */
uint8_t uart_tx_free(void);
/* Pop one received byte: -1 when none is waiting, else the byte, with
 * UART_RX_GAP_AFTER set when input was lost after it. */
int16_t uart_getc(void);
/* Bytes lost because the RX ring (or the USART itself) overran, since init. */
uint16_t uart_rx_overruns(void);
/* Bytes uart_putc() dropped because the TX ring was full, since init. */
uint16_t uart_tx_dropped(void);
/* True while bytes are still queued or shifting out (do not power down yet). */
uint8_t uart_tx_busy(void);

#endif
