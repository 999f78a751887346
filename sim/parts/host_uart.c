/* sim/parts/host_uart.c - the host UART part (host_uart.h). */
#include "host_uart.h"

#include <string.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_io.h>

#include "m328p.h"

static void from_chip(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    host_uart_t *u = param;
    uint8_t c = (uint8_t)value;
    bool was_held = u->model.held;
    unsigned got = board_uart_from_chip(&u->model, c);
    if (u->model.held && !was_held)
        u->lag_left = u->flow_lag; /* already on the way: they come anyway */
    if ((got & BOARD_UART_FLOW) && !u->model.held && u->next_tx < u->avr->cycle)
        u->next_tx = u->avr->cycle;
    if ((got & BOARD_UART_DATA) && u->on_byte)
        u->on_byte(c, u->on_byte_ctx);
    if (got & BOARD_UART_LINE) {
        if (u->want && strstr(u->model.done, u->want))
            u->want_seen = 1;
        if (u->on_line)
            u->on_line(u->model.done, u->on_line_ctx);
    }
}

static uint64_t chip_byte_cycles(const host_uart_t *u)
{
    const uint8_t *d = u->avr->data;
    return board_uart_byte_cycles((uint16_t)(d[A_UBRR0L] | ((d[A_UBRR0H] & 0x0fu) << 8)),
                                  d[A_UCSR0A] & UCSR0A_U2X0);
}

/* simavr computes its byte time when UBRR is written, from U2X as it is then and with
 * 11 bits: firmware that sets U2X after UBRR (both orders work on the chip) got half
 * the rate, and every byte a bit long. Set to the chip's after any write to UCSR0A or
 * UBRR0L, and each run step. */
static void fix_rate(host_uart_t *u)
{
    if (u->uart && u->uart->cycles_per_byte)
        u->uart->cycles_per_byte = chip_byte_cycles(u);
}

static void rate_written(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    fix_rate(param);
}

void host_uart_init(struct avr_t *avr, host_uart_t *u)
{
    static const char *names[HOST_UART_IRQ_COUNT] = {"8<host.from_chip", "8>host.to_chip",
                                                     "8<host.rate", ">host.rxd"};
    memset(u, 0, sizeof *u);
    u->avr = avr;
    u->irq = avr_alloc_irq(&avr->irq_pool, 0, HOST_UART_IRQ_COUNT, names);
    avr_irq_register_notify(u->irq + HOST_UART_IRQ_FROM_CHIP, from_chip, u);
    avr_irq_register_notify(u->irq + HOST_UART_IRQ_RATE, rate_written, u);
    board_uart_init(&u->model);
}

void host_uart_connect(host_uart_t *u)
{
    avr_t *avr = u->avr;
    avr_connect_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                    u->irq + HOST_UART_IRQ_FROM_CHIP);
    avr_connect_irq(u->irq + HOST_UART_IRQ_TO_CHIP,
                    avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT));
    avr_connect_irq(u->irq + HOST_UART_IRQ_RXD, avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 0));
    avr_connect_irq(avr_iomem_getirq(avr, A_UCSR0A, "UCSR0A", AVR_IOMEM_IRQ_ALL),
                    u->irq + HOST_UART_IRQ_RATE);
    avr_connect_irq(avr_iomem_getirq(avr, A_UBRR0L, "UBRR0L", AVR_IOMEM_IRQ_ALL),
                    u->irq + HOST_UART_IRQ_RATE);
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && !strcmp(io->kind, "uart"))
            u->uart = (avr_uart_t *)io;
}

void host_uart_reset(host_uart_t *u)
{
    uint32_t flags = 0; /* simavr's reset sets its stdio and poll-sleep flags again */
    avr_ioctl(u->avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    u->model.held = u->model.rx_down = false;
    u->model.rx_deaf_until = u->model.rx_busy_until = 0;
    u->lag_left = 0;
    u->rxd_high_at = 0;
    /* RXD idles high (the Uno's USB bridge drives it through 1 kOhm) */
    avr_raise_irq(u->irq + HOST_UART_IRQ_RXD, 0);
    avr_raise_irq(u->irq + HOST_UART_IRQ_RXD, 1);
}

void host_uart_send(host_uart_t *u, const char *s, size_t n)
{
    for (size_t i = 0; i < n && u->tail - u->head < HOST_UART_QUEUE; i++)
        u->queue[u->tail++ % HOST_UART_QUEUE] = (uint8_t)s[i];
    if (u->next_tx < u->avr->cycle)
        u->next_tx = u->avr->cycle;
}

void host_uart_drop(host_uart_t *u)
{
    u->head = u->tail;
    u->model.len = 0;
}

uint64_t host_uart_next(const host_uart_t *u)
{
    bool may_send = !u->model.held || u->lag_left;
    uint64_t next = u->head != u->tail && may_send ? u->next_tx : UINT64_MAX;
    return u->rxd_high_at && u->rxd_high_at < next ? u->rxd_high_at : next;
}

/* simavr's receiver has a timer of its own per byte; the one whose callback this is
 * (found as the timer a byte into an empty receiver adds) is cancelled to lose it. */
static avr_cycle_timer_t uart_timer_added(const host_uart_t *u, const avr_cycle_timer_t *before,
                                          unsigned n)
{
    for (avr_cycle_timer_slot_p s = u->avr->cycle_timers.timer; s; s = s->next) {
        unsigned i = 0;
        while (i < n && !(s->param == (void *)u->uart && before[i] == s->timer))
            i++;
        if (s->param == (void *)u->uart && i == n)
            return s->timer;
    }
    return NULL;
}

static unsigned uart_timers(const host_uart_t *u, avr_cycle_timer_t *out)
{
    unsigned n = 0;
    for (avr_cycle_timer_slot_p s = u->avr->cycle_timers.timer; s && n < MAX_CYCLE_TIMERS; s = s->next)
        if (s->param == (void *)u->uart)
            out[n++] = s->timer;
    return n;
}

static void to_chip(host_uart_t *u, uint8_t c)
{
    avr_cycle_timer_t before[MAX_CYCLE_TIMERS];
    unsigned n = u->rx_timer || !u->uart ? 0 : uart_timers(u, before);
    avr_raise_irq(u->irq + HOST_UART_IRQ_TO_CHIP, c);
    if (!u->rx_timer && u->uart)
        u->rx_timer = uart_timer_added(u, before, n);
}

void host_uart_rx_abort(host_uart_t *u)
{
    if (!u->uart)
        return;
    if (u->rx_timer)
        avr_cycle_timer_cancel(u->avr, u->rx_timer, u->uart);
    u->uart->input.read = u->uart->input.write;
}

/* A byte goes on the line only while the receiver is on (RXEN0), and reaches the chip
 * only if its clock runs (board_uart_rx_hears); its edges reach the RXD pin either way.
 * The next one follows at the model's pace, which simavr's receiver takes without
 * overrun. */
void host_uart_run(host_uart_t *u, uint64_t now)
{
    fix_rate(u);
    if (u->rxd_high_at && u->rxd_high_at <= now) {
        u->rxd_high_at = 0;
        avr_raise_irq(u->irq + HOST_UART_IRQ_RXD, 1);
    }
    if (u->head == u->tail || (u->model.held && !u->lag_left) || u->next_tx > now)
        return;
    uint64_t byte_cycles = chip_byte_cycles(u);
    if (u->avr->data[A_UCSR0B] & UCSR0B_RXEN0) {
        uint8_t c = u->queue[u->head++ % HOST_UART_QUEUE];
        avr_raise_irq(u->irq + HOST_UART_IRQ_RXD, 0);
        u->rxd_high_at = now + board_uart_rxd_low(c, byte_cycles);
        if (board_uart_rx_hears(&u->model, now, byte_cycles))
            to_chip(u, c);
        if (u->model.held)
            u->lag_left--;
    }
    u->next_tx = now + board_uart_pace(byte_cycles);
}
