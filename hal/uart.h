/* hal/uart.h - buffered serial port, UART_BAUD 8N1, XON/XOFF (contract). Nothing blocks.
 * Rings, flow control and lost-input gaps: hal/README.md, "Serial port". */
#ifndef HAL_UART_H
#define HAL_UART_H
#include <stdbool.h>
#include <stdint.h>

/* The port as its peer sees it, exported as build/gen/serial.json (print_facts.c) for the
 * docs, the simulators, the page and the tests: its speed and frame; XOFF once
 * UART_RX_XOFF_AT of the UART_RX_SIZE input bytes wait, XON once read down to
 * UART_RX_XON_AT. The Uno's bootloader (optiboot) answers on the same port at
 * UART_BOOT_BAUD: avrdude's -b, the page's flasher, the simulated optiboot. */
#define UART_BAUD 115200ul
#define UART_FRAME "8N1"
#define UART_RX_SIZE 128u
#define UART_RX_XOFF_AT 32u
#define UART_RX_XON_AT 8u
#define UART_XON 0x11u
#define UART_XOFF 0x13u
#define UART_BOOT_BAUD 115200ul
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
