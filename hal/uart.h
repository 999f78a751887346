/* hal/uart.h - interrupt-driven buffered serial port, 115200 8N1 (contract). */
#ifndef HAL_UART_H
#define HAL_UART_H
#include <stdint.h>

void uart_init(void);
/* Queue one byte; returns 0 (and drops it, counting an overrun) if the TX ring is full.
 * Never blocks. */
uint8_t uart_putc(uint8_t c);
void uart_puts(const char *s);
/* Pop one received byte; returns -1 when none is waiting. */
int16_t uart_getc(void);
/* Bytes lost because a ring was full (RX) since init. */
uint16_t uart_rx_overruns(void);
/* Bytes uart_putc() dropped because the TX ring was full, since init. */
uint16_t uart_tx_dropped(void);
/* True while bytes are still queued or shifting out (do not power down yet). */
uint8_t uart_tx_busy(void);

#endif
