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
    if ((got & BOARD_UART_FLOW) && !u->model.held && u->head != u->tail) {
        /* XON: the host's next byte at once (or at its pace); the run step ends for it */
        if (u->next_tx < u->avr->cycle)
            u->next_tx = u->avr->cycle;
        if (u->step_end && u->next_tx < *u->step_end)
            *u->step_end = u->next_tx;
    }
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

/* Frames in simavr's FIFO, unread (each goes in at its start bit; see to_chip). */
static unsigned rx_unread(const host_uart_t *u)
{
    return (unsigned)(u->uart->input.write - u->uart->input.read) & (uart_fifo_fifo_size - 1u);
}

/* Forget the stop-bit times of frames simavr dropped (receiver off, power-down abort). */
static void rx_sync(host_uart_t *u)
{
    unsigned unread = rx_unread(u);
    while (u->rx_count > unread) {
        u->rx_first = (u->rx_first + 1u) % HOST_UART_RX_TIMES;
        u->rx_count--;
    }
}

/* RXC0 while a frame whose stop bit has passed waits, as on the chip: simavr raises it
 * on a timer of its own that runs while its FIFO holds anything, even a frame still in
 * reception, and clears it after two quick reads. */
static void rx_flag(host_uart_t *u)
{
    avr_int_vector_t *rxc = &u->uart->rxc;
    rx_sync(u);
    if (u->rx_count && u->rx_stop[u->rx_first] <= u->avr->cycle &&
        avr_regbit_get(u->avr, u->uart->rxen)) {
        avr_raise_interrupt(u->avr, rxc);
    } else if (avr_regbit_get(u->avr, rxc->raised)) {
        avr_clear_interrupt_if(u->avr, rxc, 0);
        avr_regbit_clear(u->avr, rxc->raised);
    }
}

static avr_cycle_count_t rx_stop_bit(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)avr;
    (void)when;
    rx_flag(param);
    return 0;
}

/* Each UDR0 read of a frame: its latency from its stop bit; then RXC0 for the next. */
static uint8_t udr_read(struct avr_t *avr, avr_io_addr_t addr, void *param)
{
    host_uart_t *u = param;
    rx_sync(u);
    unsigned unread = rx_unread(u);
    uint8_t v = u->udr_read(avr, addr, u->udr_param);
    if (u->rx_count && rx_unread(u) < unread) {
        uint64_t stop = u->rx_stop[u->rx_first];
        uint64_t late = avr->cycle > stop ? avr->cycle - stop : 0;
        if (late > u->latency_max) {
            u->latency_max = late;
            u->latency_max_at = avr->cycle;
        }
        u->rx_first = (u->rx_first + 1u) % HOST_UART_RX_TIMES;
        u->rx_count--;
    }
    rx_flag(u);
    return v;
}

/* ---- the chip's transmitter (board_tx_t) ---- simavr 1.6 keeps one byte in UDR0 and
 * sends on a timer of its own from the first write (a "pump"), setting UDRE0 and TXC0
 * each byte time from then; the chip moves a byte into the idle shift register at once
 * and keeps a second one in UDR0, so a firmware that refills UDR0 from its UDRE
 * interrupt writes the first two bytes back to back. Here the chip's: UDR0 and UCSR0B
 * writes go through the model, and simavr's pump never runs. */

static void udre_set(host_uart_t *u, bool on)
{
    avr_int_vector_t *v = &u->uart->udrc;
    if (on) {
        avr_raise_interrupt(u->avr, v);
        return;
    }
    avr_clear_interrupt(u->avr, v);
    avr_regbit_clear(u->avr, v->raised);
}

static avr_cycle_count_t tx_frame_end(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)when;
    host_uart_t *u = param;
    unsigned r = board_tx_frame_end(&u->tx, avr->cycle, chip_byte_cycles(u));
    if (r & BOARD_TX_UDRE)
        udre_set(u, true);
    if (r & BOARD_TX_TXC)
        avr_raise_interrupt(avr, &u->uart->txc);
    return u->tx.frame_end > avr->cycle ? u->tx.frame_end : 0;
}

static void udr_write(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)addr;
    host_uart_t *u = param;
    if (!avr_regbit_get(avr, u->uart->txen))
        return;
    unsigned r = board_tx_write(&u->tx, avr->cycle, chip_byte_cycles(u));
    if (r == (unsigned)-1)
        return; /* UDR0 full: the chip drops the byte */
    avr_raise_irq(u->uart->io.irq + UART_IRQ_OUTPUT, v);
    udre_set(u, r == BOARD_TX_UDRE);
    if (r == BOARD_TX_UDRE)
        avr_cycle_timer_register(avr, u->tx.frame_end - avr->cycle, tx_frame_end, u);
}

/* simavr's UCSR0B write raises UDRE0 when UDRIE0 is turned on and its pump is idle: put
 * the model's back. */
static void ucsrb_write(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    host_uart_t *u = param;
    u->ucsrb_write(avr, addr, v, u->ucsrb_param);
    if (u->tx.buffered)
        udre_set(u, false);
}

void host_uart_clear_rx_stats(host_uart_t *u)
{
    u->overruns = 0;
    u->latency_max = u->latency_max_at = 0;
}

void host_uart_init(struct avr_t *avr, host_uart_t *u, uint64_t *step_end)
{
    static const char *names[HOST_UART_IRQ_COUNT] = {"8<host.from_chip", "8>host.to_chip",
                                                     "8<host.rate", ">host.rxd"};
    memset(u, 0, sizeof *u);
    u->avr = avr;
    u->step_end = step_end;
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
    if (!u->uart)
        return;
    unsigned udr = AVR_DATA_TO_IO(A_UDR0), ucsrb = AVR_DATA_TO_IO(A_UCSR0B);
    u->udr_read = avr->io[udr].r.c;
    u->udr_param = avr->io[udr].r.param;
    avr->io[udr].r.c = udr_read;
    avr->io[udr].r.param = u;
    avr->io[udr].w.c = udr_write;
    avr->io[udr].w.param = u;
    u->ucsrb_write = avr->io[ucsrb].w.c;
    u->ucsrb_param = avr->io[ucsrb].w.param;
    avr->io[ucsrb].w.c = ucsrb_write;
    avr->io[ucsrb].w.param = u;
    u->uart->udrc.raise_sticky = 1; /* UDRE0 is a level: taking its interrupt keeps it */
}

void host_uart_reset(host_uart_t *u)
{
    uint32_t flags = 0; /* simavr's reset sets its stdio and poll-sleep flags again */
    avr_ioctl(u->avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    u->model.held = u->model.rx_down = false;
    u->model.rx_busy_until = 0;
    u->tx = (board_tx_t){0};
    if (u->uart)
        avr_cycle_timer_cancel(u->avr, tx_frame_end, u);
    u->lag_left = 0;
    u->rxd_high_at = 0;
    u->rx_count = 0;
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

void host_uart_send_framing_error(host_uart_t *u, uint8_t c)
{
    if (u->tail - u->head < HOST_UART_QUEUE)
        u->queue[u->tail++ % HOST_UART_QUEUE] = (uint16_t)(c | HOST_UART_FE);
    if (u->next_tx < u->avr->cycle)
        u->next_tx = u->avr->cycle;
}

void host_uart_drop(host_uart_t *u)
{
    u->head = u->tail;
    u->model.len = 0;
}

/* The next start bit, RXD's rise, or a frame's stop bit to come (a step ends on it, so
 * a sleeping simavr wakes for its RXC0 on the cycle, not one after: board.c). */
uint64_t host_uart_next(const host_uart_t *u)
{
    bool may_send = !u->model.held || u->lag_left;
    uint64_t next = u->head != u->tail && may_send ? u->next_tx : UINT64_MAX;
    for (unsigned i = 0; i < u->rx_count; i++) {
        uint64_t stop = u->rx_stop[(u->rx_first + i) % HOST_UART_RX_TIMES];
        if (stop > u->avr->cycle) {
            next = stop < next ? stop : next;
            break;
        }
    }
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

/* The chip's receiver is full (HOST_UART_RX_HELD unread) as a start bit comes: the
 * frame in the shift register, simavr's newest, is lost. */
static bool rx_overrun(host_uart_t *u)
{
    rx_sync(u);
    if (rx_unread(u) < HOST_UART_RX_HELD)
        return false;
    u->uart->input.write = (u->uart->input.write - 1u) & (uart_fifo_fifo_size - 1u);
    u->rx_count--;
    u->overruns++;
    return true;
}

/* A start bit the chip hears: the byte goes into simavr's FIFO now (so a trace shows it
 * here), RXC0 comes at its stop bit (rx_stop_bit). DOR0 is set after it goes in, since
 * simavr refuses input while DOR0 is set. */
static void to_chip(host_uart_t *u, uint32_t c, uint64_t now, uint64_t byte_cycles)
{
    if (!u->uart) {
        avr_raise_irq(u->irq + HOST_UART_IRQ_TO_CHIP, c);
        return;
    }
    avr_cycle_timer_t before[MAX_CYCLE_TIMERS];
    unsigned n = u->rx_timer ? 0 : uart_timers(u, before);
    bool dor = rx_overrun(u) || avr_regbit_get(u->avr, u->uart->dor);
    avr_regbit_clear(u->avr, u->uart->dor);
    avr_raise_irq(u->irq + HOST_UART_IRQ_TO_CHIP, c);
    if (dor)
        avr_regbit_set(u->avr, u->uart->dor);
    if (!u->rx_timer)
        u->rx_timer = uart_timer_added(u, before, n);
    if (u->rx_timer)
        avr_cycle_timer_cancel(u->avr, u->rx_timer, u->uart);
    if (u->rx_count < HOST_UART_RX_TIMES)
        u->rx_stop[(u->rx_first + u->rx_count++) % HOST_UART_RX_TIMES] = now + byte_cycles;
    avr_cycle_timer_register(u->avr, now + byte_cycles - u->avr->cycle, rx_stop_bit, u);
    rx_flag(u);
}

void host_uart_rx_abort(host_uart_t *u)
{
    if (!u->uart)
        return;
    if (u->rx_timer)
        avr_cycle_timer_cancel(u->avr, u->rx_timer, u->uart);
    avr_cycle_timer_cancel(u->avr, rx_stop_bit, u);
    u->uart->input.read = u->uart->input.write;
    rx_flag(u);
}

/* A byte goes on the line only while the receiver is on (RXEN0), and reaches the chip
 * only if its clock runs (board_uart_rx_hears); its edges reach the RXD pin either way.
 * The next one follows at the model's pace; the chip's receiver keeps up if the
 * firmware reads in time (rx_overrun). */
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
        uint16_t q = u->queue[u->head++ % HOST_UART_QUEUE];
        uint8_t c = (uint8_t)q;
        avr_raise_irq(u->irq + HOST_UART_IRQ_RXD, 0);
        u->rxd_high_at = now + board_uart_rxd_low(c, byte_cycles);
        if (board_uart_rx_hears(&u->model, now, byte_cycles))
            to_chip(u, q & HOST_UART_FE ? c | UART_INPUT_FE : c, now, byte_cycles);
        if (u->model.held)
            u->lag_left--;
    }
    u->next_tx = now + board_uart_pace(byte_cycles);
}
