/* sim/parts/host_uart.h - the host on the chip's USART0: lines and bytes from the chip,
 * XON/XOFF (board_uart_from_chip), and host bytes fed at the chip's own byte rate, each
 * with its start bit on the RXD pin, lost while the chip's clock stands. The chip's
 * receiver holds two frames and a third in its shift register (simavr's FIFO holds 64):
 * a start bit that finds three unread loses the newest, sets DOR0 and counts it. Each
 * UDR0 read is timed from its frame's stop bit (the receive latency). */
#ifndef SIM_PARTS_HOST_UART_H
#define SIM_PARTS_HOST_UART_H
#include <stddef.h>
#include <stdint.h>
#include <sim_cycle_timers.h>
#include <sim_irq.h>

#include "board_model.h"

enum {
    HOST_UART_IRQ_FROM_CHIP = 0, /* in: a byte the chip sent */
    HOST_UART_IRQ_TO_CHIP,       /* out: a byte for the chip's receiver */
    HOST_UART_IRQ_RATE,          /* in: UCSR0A or UBRR0L written */
    HOST_UART_IRQ_RXD,           /* out: the RXD pin's level (PD0): start bits */
    HOST_UART_IRQ_COUNT
};

#define HOST_UART_QUEUE 65536
#define HOST_UART_FE 0x100u /* in the queue: the byte's stop bit is 0 (a framing error) */
#define HOST_UART_RX_HELD 3u /* frames the chip holds unread: 2 in the FIFO, 1 shifted in */
#define HOST_UART_RX_TIMES 64u /* stop-bit times kept: simavr's FIFO size */

typedef void (*host_uart_line_fn)(const char *line, void *ctx);
typedef void (*host_uart_byte_fn)(uint8_t byte, void *ctx);

typedef struct host_uart_t {
    avr_irq_t *irq; /* HOST_UART_IRQ_COUNT */
    struct avr_t *avr;
    struct avr_uart_t *uart; /* simavr's USART0, for its byte time */
    board_uart_t model;
    uint16_t queue[HOST_UART_QUEUE]; /* host bytes not yet sent (| HOST_UART_FE) */
    size_t head, tail;
    uint64_t next_tx;
    uint64_t rxd_high_at; /* RXD goes high again (0: it is high) */
    avr_cycle_timer_t rx_timer; /* simavr's receive-complete timer, once seen */
    unsigned flow_lag, lag_left; /* host bytes still sent after XOFF (board_set_flow_lag) */
    host_uart_line_fn on_line;
    void *on_line_ctx;
    host_uart_byte_fn on_byte;
    void *on_byte_ctx;
    const char *want; /* a line containing this was seen: want_seen */
    int want_seen;
    uint64_t rx_stop[HOST_UART_RX_TIMES]; /* stop-bit cycle of each frame not yet read */
    unsigned rx_first, rx_count;
    uint8_t (*udr_read)(struct avr_t *, uint16_t, void *); /* simavr's UDR0 read */
    void *udr_param;
    void (*ucsrb_write)(struct avr_t *, uint16_t, uint8_t, void *); /* simavr's UCSR0B write */
    void *ucsrb_param;
    board_tx_t tx; /* the chip's transmitter */
    uint64_t *step_end; /* the board's run step (host_uart_init) */
    uint32_t overruns;         /* frames lost to the chip's full receiver (DOR0) */
    uint64_t latency_max;      /* cycles, the longest stop bit to UDR0 read */
    uint64_t latency_max_at;   /* the cycle of that read */
} host_uart_t;

/* step_end: where the board's run step stops; an XON with bytes waiting pulls it in. */
void host_uart_init(struct avr_t *avr, host_uart_t *u, uint64_t *step_end);
void host_uart_connect(host_uart_t *u); /* to USART0 */
void host_uart_reset(host_uart_t *u);   /* after the chip's reset: nothing held or partial */
void host_uart_send(host_uart_t *u, const char *s, size_t n);
void host_uart_send_framing_error(host_uart_t *u, uint8_t c);
void host_uart_drop(host_uart_t *u); /* forget the bytes not yet sent */
void host_uart_rx_abort(host_uart_t *u); /* the byte in the chip's receiver is lost */
uint64_t host_uart_next(const host_uart_t *u); /* when the next byte goes, or UINT64_MAX */
void host_uart_run(host_uart_t *u, uint64_t now); /* the byte due, and the rate fix */
void host_uart_clear_rx_stats(host_uart_t *u);  /* overruns and latency from now */

#endif
