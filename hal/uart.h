/* hal/uart.h - buffered serial port, 115200 8N1, XON/XOFF (contract). Nothing blocks.
 * Rings, flow control and lost-input gaps: hal/README.md, "Serial port". */
#ifndef HAL_UART_H
#define HAL_UART_H
#include <stdbool.h>
#include <stdint.h>

#define UART_XON 0x11u
#define UART_XOFF 0x13u
/* Flag in uart_getc()'s result: input was lost right after this byte. */
#define UART_RX_GAP_AFTER 0x100

/* Init: empty rings, nothing counted. */
void uart_init(void);

/* Runtime (main loop). */
bool uart_putc(uint8_t c);       /* queue a byte; false: TX ring full, dropped and counted */
uint8_t uart_tx_free(void);      /* bytes uart_putc() takes now without dropping */
int16_t uart_getc(void);         /* next byte (| UART_RX_GAP_AFTER), -1: none waiting */
bool uart_tx_busy(void);         /* bytes queued or still shifting out: do not power down */
uint16_t uart_rx_overruns(void); /* RX bytes lost (ring or USART full, framing) since init */
uint16_t uart_tx_dropped(void);  /* TX bytes dropped (ring full) since init */

#endif
