/* sim/board_wasm.c - the board model (board_model.h) as a WebAssembly module for the
 * avr8js board (sim/web/src/shield.js): one board per instance, its state here. Cycle
 * counts cross as doubles (JavaScript numbers; exact below 2^53 cycles, 17 years). */
#include "board_model.h"

#define EXPORT(name) __attribute__((export_name(#name)))

static board_leds_t leds;
static board_uart_t uart;
static board_tx_t tx;

#define BOARD_TIMING_EXPORT(name, value) \
    EXPORT(constant_##name) uint32_t constant_##name(void) { return BOARD_##name; }
BOARD_TIMINGS(BOARD_TIMING_EXPORT)
#undef BOARD_TIMING_EXPORT

EXPORT(init) void init(double now)
{
    board_leds_init(&leds, (uint64_t)now);
    board_uart_init(&uart);
}

static board_ports_t ports(uint32_t pb, uint32_t db, uint32_t pc, uint32_t dc, uint32_t pd,
                           uint32_t dd)
{
    return (board_ports_t){{(uint8_t)pb, (uint8_t)pc, (uint8_t)pd},
                           {(uint8_t)db, (uint8_t)dc, (uint8_t)dd}};
}

/* ports B, C, D as PORT, DDR pairs */
EXPORT(keys_sense)
uint32_t keys_sense(uint32_t keys, uint32_t pb, uint32_t db, uint32_t pc, uint32_t dc,
                    uint32_t pd, uint32_t dd)
{
    board_ports_t p = ports(pb, db, pc, dc, pd, dd);
    return board_keys_sense(&p, (uint16_t)keys);
}

EXPORT(leds_ports)
void leds_ports(double now, uint32_t pb, uint32_t db, uint32_t pc, uint32_t dc, uint32_t pd,
                uint32_t dd)
{
    board_ports_t p = ports(pb, db, pc, dc, pd, dd);
    board_leds_set(&leds, board_leds_dies(&p), (uint64_t)now);
}

EXPORT(leds_window) uint32_t leds_window(double now) { return board_leds_window(&leds, (uint64_t)now); }
EXPORT(leds_next_window) double leds_next_window(void) { return (double)leds.next_window; }
EXPORT(leds_dies) uint32_t leds_dies(void) { return leds.dies; }
EXPORT(leds_picture) const char *leds_picture(void) { return leds.picture; }
EXPORT(leds_ghosts) const char *leds_ghosts(void) { return leds.ghosts; }
EXPORT(leds_level) const uint8_t *leds_level(void) { return leds.level; } /* BOARD_DIES */
EXPORT(leds_shades) const char *leds_shades(void) { return leds.shades; }
EXPORT(leds_shade) const uint8_t *leds_shade(void) { return leds.shade; } /* BOARD_DIES */
/* The duty meter (ttt-sim-js's `duty`): one die's board_duty_t as three numbers. */
static uint32_t meter[3];
EXPORT(leds_meter_start) void leds_meter_start(double now) { board_leds_meter_start(&leds, (uint64_t)now); }
EXPORT(leds_meter_read) const uint32_t *leds_meter_read(uint32_t die, double now)
{
    board_duty_t d = board_leds_meter_read(&leds, die, (uint64_t)now);
    meter[0] = d.on_permille;
    meter[1] = d.lit_permille;
    meter[2] = d.period_ms;
    return meter;
}

EXPORT(uart_from_chip) uint32_t uart_from_chip(uint32_t c) { return board_uart_from_chip(&uart, (uint8_t)c); }
EXPORT(uart_held) uint32_t uart_held(void) { return uart.held; }
EXPORT(uart_xoffs) uint32_t uart_xoffs(void) { return uart.xoffs; }
EXPORT(uart_line) const char *uart_line(void) { return uart.done; }
EXPORT(uart_pace) double uart_pace(double byte_cycles)
{
    return (double)board_uart_pace((uint64_t)byte_cycles);
}

EXPORT(uart_sleep) uint32_t uart_sleep(int32_t mode, double now)
{
    return board_uart_sleep(&uart, mode, (uint64_t)now);
}
EXPORT(uart_rx_hears) uint32_t uart_rx_hears(double now, double byte_cycles)
{
    return board_uart_rx_hears(&uart, (uint64_t)now, (uint64_t)byte_cycles);
}
EXPORT(uart_rx_lost) uint32_t uart_rx_lost(void) { return uart.rx_lost; }
EXPORT(uart_rxd_low) double uart_rxd_low(uint32_t c, double byte_cycles)
{
    return (double)board_uart_rxd_low((uint8_t)c, (uint64_t)byte_cycles);
}
/* After a reset: nothing held, the receiver awake. */
EXPORT(uart_release) void uart_release(void)
{
    uart.held = uart.rx_down = false;
    uart.rx_busy_until = 0;
    tx = (board_tx_t){0};
}
/* The chip's transmitter and its interrupt and sleep timing (board_model.h). */
EXPORT(tx_write) uint32_t tx_write(double now, double byte_cycles)
{
    return board_tx_write(&tx, (uint64_t)now, (uint64_t)byte_cycles);
}
EXPORT(tx_frame_end) uint32_t tx_frame_end(double now, double byte_cycles)
{
    return board_tx_frame_end(&tx, (uint64_t)now, (uint64_t)byte_cycles);
}
EXPORT(tx_next) double tx_next(void) { return (double)tx.frame_end; }
EXPORT(wake_cycles) double wake_cycles(int32_t mode) { return (double)board_wake_cycles(mode); }
EXPORT(wakes) uint32_t wakes(int32_t mode, uint32_t vector) { return board_wakes(mode, vector); }
EXPORT(constant_INT_CYCLES) uint32_t constant_INT_CYCLES(void) { return BOARD_INT_CYCLES; }
/* Timer2 as the chip counts it (board_model.h, board_timer2_t), for the sounder. */
static board_timer2_t t2;
EXPORT(t2_reset) void t2_reset(double now) { board_timer2_reset(&t2, (uint64_t)now); }
EXPORT(t2_run) uint32_t t2_run(double now) { return board_timer2_run(&t2, (uint64_t)now); }
EXPORT(t2_write) void t2_write(uint32_t reg, uint32_t value, double now)
{
    board_timer2_write(&t2, reg, (uint8_t)value, (uint64_t)now);
}
EXPORT(t2_clock_stood) void t2_clock_stood(double from, double to)
{
    board_timer2_clock_stood(&t2, (uint64_t)from, (uint64_t)to);
}
EXPORT(t2_tcnt) uint32_t t2_tcnt(double now) { return board_timer2_tcnt(&t2, (uint64_t)now); }
/* The next compare A match's cycle, -1 for none. */
EXPORT(t2_next_a) double t2_next_a(void)
{
    uint64_t n = board_timer2_next_a(&t2);
    return n == UINT64_MAX ? -1.0 : (double)n;
}
EXPORT(uart_drop_line) void uart_drop_line(void) { uart.len = 0; }

EXPORT(constant_F_CPU) uint32_t constant_F_CPU(void) { return (uint32_t)BOARD_F_CPU; }
EXPORT(constant_CELLS) uint32_t constant_CELLS(void) { return BOARD_CELLS; }
EXPORT(constant_DIES) uint32_t constant_DIES(void) { return BOARD_DIES; }
EXPORT(constant_SHADE_FULL) uint32_t constant_SHADE_FULL(void) { return BOARD_SHADE_FULL; }
EXPORT(constant_XON) uint32_t constant_XON(void) { return BOARD_XON; }
EXPORT(constant_XOFF) uint32_t constant_XOFF(void) { return BOARD_XOFF; }
