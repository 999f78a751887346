/* sim/board.c - the simulated shield around simavr (ATmega328P, 16 MHz).
 * Key matrix: a closed key (r,c) pulls sense column c low only while drive row r is an
 * output driving low (diode per switch, internal pull-ups). LEDs: die on-time is
 * integrated from every port write and classified per 6 ms window. One board per process. */
#define _GNU_SOURCE
#include "board.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pins.h"

#include <avr_eeprom.h>
#include <avr_extint.h>
#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_io.h>
#include <sim_vcd_file.h>

/* ATmega328P data-space addresses (datasheet register summary, I/O + 0x20). */
#define A_PIN(port) (0x23u + 3u * (port))
#define A_DDR(port) (0x24u + 3u * (port))
#define A_PORT(port) (0x25u + 3u * (port))
#define A_MCUSR 0x54u
#define A_EECR 0x3fu
#define A_UCSR0A 0xc0u
#define A_UBRR0L 0xc4u
#define A_UBRR0H 0xc5u
#define WDRF_BIT 3u
#define PORT_NAME(port) ((char)("BCD"[(port)]))

static const uint8_t led_rows[BOARD_ROWS] = BOARD_LED_ROW_PINS;
static const uint8_t led_red[BOARD_COLS] = BOARD_LED_RED_PINS;
static const uint8_t led_green[BOARD_COLS] = BOARD_LED_GREEN_PINS;
static const uint8_t key_rows[BOARD_ROWS] = BOARD_KEY_ROW_PINS;
static const uint8_t key_cols[BOARD_COLS] = BOARD_KEY_COL_PINS;

#define KEYQ_LEN 256
#define TXQ_LEN 65536

static struct {
    avr_t *avr;
    elf_firmware_t fw;
    void (*core_reset)(avr_t *);
    int reset_seen;
    uint8_t led_ports, key_ports; /* bit p: port p carries LED / key pins */
    /* keys */
    uint16_t keys;
    struct { uint64_t at; uint16_t mask; } keyq[KEYQ_LEN];
    unsigned keyq_head, keyq_tail;
    /* LEDs */
    uint32_t dies;              /* lit right now */
    uint64_t dies_since;        /* cycle of the last accounting */
    uint64_t on_cycles[18];
    uint64_t window_start, next_window;
    uint64_t last_change[18], prev_change[18], hold_until[18];
    uint8_t level[18];
    uint8_t faint_run[18];
    char picture[BOARD_CELLS + 1];
    uint64_t picture_since;
    char ghosts[BOARD_CELLS + 1];
    uint64_t ghost_windows;
    /* UART */
    avr_irq_t *uart_in;
    avr_uart_t *uart; /* simavr's USART0, for its byte time */
    uint8_t txq[TXQ_LEN];
    size_t txq_head, txq_tail;
    uint64_t next_tx;
    char line[512];
    size_t line_len;
    board_line_fn on_line;
    void *on_line_ctx;
    board_byte_fn on_byte;
    void *on_byte_ctx;
    void (*on_eecr)(uint8_t, void *);
    int ee_busy;
    uint64_t ee_until;
    uint64_t run_next; /* where the current run step stops; an EEPROM write pulls it in */
    uint16_t ee_addr;
    uint32_t ee_writes;
    void *on_eecr_ctx;
    int flow_on;          /* honour XON/XOFF from the chip (default on) */
    int tx_held;          /* the chip sent XOFF: hold host bytes until XON */
    unsigned flow_lag, lag_left; /* host bytes still sent after XOFF (board_set_flow_lag) */
    uint32_t xoffs, xons;
    /* watchdog hardware rule simavr 1.6 lacks (see wdt_model) */
    uint64_t wdif_since;
    uint64_t wake_cycle;  /* when the CPU last woke from sleep */
    uint32_t ram_seed;
    /* waiting for a line */
    const char *want;
    int want_seen;
    board_status_t st;
    uint64_t clear_cycle;
    avr_vcd_t vcd;
    int vcd_on;
} g;

avr_t *board_avr(void) { return g.avr; }
uint64_t board_now(void) { return g.avr->cycle; }
uint8_t *board_flash(void) { return g.avr->flash; }
const char *board_picture(void) { return g.picture; }
uint64_t board_picture_since(void) { return g.picture_since; }
const char *board_ghosts(void) { return g.ghosts; }
uint32_t board_dies_now(void) { return g.dies; }
uint64_t board_ghost_windows(void) { return g.ghost_windows; }
uint16_t board_keys(void) { return g.keys; }

static uint8_t reg(unsigned addr) { return g.avr->data[addr]; }

/* PORT and DDR of ports B, C, D as they are about to be: simavr notifies a write before
 * it stores it, so the register being written (ov_*) is overridden with its new value. */
static void ports_read(uint8_t port_v[3], uint8_t ddr_v[3], int ov_port, int ov_is_ddr,
                       uint8_t ov_val)
{
    for (unsigned p = 0; p < 3; p++) {
        port_v[p] = reg(A_PORT(p));
        ddr_v[p] = reg(A_DDR(p));
    }
    if (ov_port >= 0) {
        if (ov_is_ddr)
            ddr_v[ov_port] = ov_val;
        else
            port_v[ov_port] = ov_val;
    }
}

/* ---- key matrix ---------------------------------------------------------------- */

/* Sense level of every key column given the drive port's PORT/DDR (ov_* override the
 * register being written, which simavr has not stored yet when it notifies). */
static void keys_apply(int ov_port, int ov_is_ddr, uint8_t ov_val)
{
    uint8_t port_v[3], ddr_v[3];
    ports_read(port_v, ddr_v, ov_port, ov_is_ddr, ov_val);
    uint8_t ext_mask[3] = {0, 0, 0}, ext_val[3] = {0, 0, 0};
    for (unsigned c = 0; c < BOARD_COLS; c++) {
        unsigned sp = BOARD_PIN_PORT(key_cols[c]), sb = BOARD_PIN_BIT(key_cols[c]);
        int low = 0;
        for (unsigned r = 0; r < BOARD_ROWS; r++) {
            unsigned rp = BOARD_PIN_PORT(key_rows[r]), rb = BOARD_PIN_BIT(key_rows[r]);
            int driven_low = ((ddr_v[rp] >> rb) & 1) && !((port_v[rp] >> rb) & 1);
            if (driven_low && (g.keys >> (r * BOARD_COLS + c)) & 1)
                low = 1;
        }
        /* An undriven column with no pull-up floats: read it as high (the pull-up
         * resistor is the only thing that defines it on the real board too). */
        ext_mask[sp] |= (uint8_t)(1u << sb);
        if (!low)
            ext_val[sp] |= (uint8_t)(1u << sb);
    }
    for (unsigned p = 0; p < 3; p++) {
        if (!ext_mask[p])
            continue;
        avr_ioport_external_t e = {.name = (unsigned char)PORT_NAME(p), .mask = ext_mask[p],
                                   .value = ext_val[p]};
        avr_ioctl(g.avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(PORT_NAME(p)), &e);
        for (unsigned b = 0; b < 8; b++) {
            if (!((ext_mask[p] >> b) & 1) || ((ddr_v[p] >> b) & 1))
                continue;
            avr_irq_t *irq = avr_io_getirq(g.avr, AVR_IOCTL_IOPORT_GETIRQ(PORT_NAME(p)), (int)b);
            avr_raise_irq(irq, (ext_val[p] >> b) & 1);
        }
    }
}

void board_keys_set(uint16_t mask)
{
    g.keys = mask & 0x1ff;
    keys_apply(-1, 0, 0);
}

void board_keys_at(uint64_t cycle, uint16_t mask)
{
    if (g.keyq_tail - g.keyq_head >= KEYQ_LEN)
        return;
    g.keyq[g.keyq_tail % KEYQ_LEN].at = cycle;
    g.keyq[g.keyq_tail % KEYQ_LEN].mask = mask;
    g.keyq_tail++;
}

/* ---- LEDs ---------------------------------------------------------------------- */

static void leds_account(uint64_t now)
{
    uint64_t dt = now - g.dies_since;
    for (unsigned d = 0; d < 18; d++)
        if ((g.dies >> d) & 1)
            g.on_cycles[d] += dt;
    g.dies_since = now;
}

static void leds_recompute(int ov_port, int ov_is_ddr, uint8_t ov_val)
{
    uint8_t port_v[3], ddr_v[3];
    ports_read(port_v, ddr_v, ov_port, ov_is_ddr, ov_val);
#define PIN_HIGH(pin) \
    (((ddr_v[BOARD_PIN_PORT(pin)] & port_v[BOARD_PIN_PORT(pin)]) >> BOARD_PIN_BIT(pin)) & 1)
#define PIN_LOW(pin) \
    (((ddr_v[BOARD_PIN_PORT(pin)] & ~port_v[BOARD_PIN_PORT(pin)]) >> BOARD_PIN_BIT(pin)) & 1)
    uint32_t dies = 0;
    for (unsigned r = 0; r < BOARD_ROWS; r++) {
        int row_on = BOARD_LED_ROW_ACTIVE_HIGH ? PIN_HIGH(led_rows[r]) : PIN_LOW(led_rows[r]);
        if (!row_on)
            continue;
        for (unsigned c = 0; c < BOARD_COLS; c++) {
            unsigned cell = r * BOARD_COLS + c;
            int red = BOARD_LED_COL_ACTIVE_HIGH ? PIN_HIGH(led_red[c]) : PIN_LOW(led_red[c]);
            int grn = BOARD_LED_COL_ACTIVE_HIGH ? PIN_HIGH(led_green[c]) : PIN_LOW(led_green[c]);
            if (red)
                dies |= 1u << (2 * cell);
            if (grn)
                dies |= 1u << (2 * cell + 1);
        }
    }
#undef PIN_HIGH
#undef PIN_LOW
    if (dies != g.dies) {
        leds_account(g.avr->cycle);
        g.dies = dies;
    }
}

/* Die classification: lit if its duty reaches half the nominal 1/3 (one row of three);
 * faint light below that in 3+ consecutive windows is a ghost (reported, counted as
 * off). Blinking: its last completed on or off stretch lasted 200-300 ms (a 250 ms blink
 * half), ended recently, and the current stretch is under 300 ms. A die that goes dark
 * still counts as lit for 260 ms (it may be a blink's dark half); dies going dark
 * within that hold are released together; a die lighting after 300+ ms dark (a new
 * frame, not a blink) ends the hold of dies that were steady before going dark. */
static void leds_window(uint64_t now)
{
    leds_account(now);
    uint64_t span = now - g.window_start;
    char ghosts[BOARD_CELLS + 1];
    memset(ghosts, '.', BOARD_CELLS);
    ghosts[BOARD_CELLS] = 0;
    int any_ghost = 0, went_dark = 0;
    for (unsigned d = 0; d < 18; d++) {
        uint64_t on = g.on_cycles[d];
        g.on_cycles[d] = 0;
        uint8_t lit = span && on * 6 >= span; /* duty >= 1/6 */
        if (!lit && on > 0) {
            if (g.faint_run[d] < 255)
                g.faint_run[d]++;
        } else {
            g.faint_run[d] = 0;
        }
        if (g.faint_run[d] >= 3) {
            unsigned cell = d / 2;
            char c = ghosts[cell];
            ghosts[cell] = (c == '.') ? ((d & 1) ? 'g' : 'r') : 'y';
            any_ghost = 1;
        }
        if (lit != g.level[d]) {
            g.level[d] = lit;
            g.prev_change[d] = g.last_change[d];
            g.last_change[d] = now;
            if (!lit)
                went_dark = 1;
        }
    }
    /* Dies that go dark together stay held together: a new dark edge extends the hold
     * of every die still held, so a frame change never shows half-cleared. */
    if (went_dark)
        for (unsigned d = 0; d < 18; d++)
            if (!g.level[d] && (g.last_change[d] == now || g.hold_until[d] > now)) {
                /* never longer than 300 ms after the die's own dark edge */
                uint64_t until = now + BOARD_MS(260), cap = g.last_change[d] + BOARD_MS(300);
                g.hold_until[d] = until < cap ? until : cap;
            }
    /* a cell changing color (one die lights as the other goes dark) is not a blink; and
     * a die lighting after a long dark stretch means a new frame: dies that were steady
     * before going dark are not blinking, so their hold ends */
    int fresh = 0;
    for (unsigned d = 0; d < 18; d++)
        if (g.level[d] && g.last_change[d] == now) {
            g.hold_until[d ^ 1u] = 0;
            if (!g.prev_change[d] || now - g.prev_change[d] > BOARD_MS(300))
                fresh = 1;
        }
    if (fresh)
        for (unsigned d = 0; d < 18; d++)
            if (!g.level[d] && g.hold_until[d] > now &&
                g.last_change[d] - g.prev_change[d] > BOARD_MS(300))
                g.hold_until[d] = 0;
    if (any_ghost)
        g.ghost_windows++;
    memcpy(g.ghosts, ghosts, sizeof ghosts);
    char pic[BOARD_CELLS + 1];
    for (unsigned cell = 0; cell < BOARD_CELLS; cell++) {
        int color = 0, blink = 0;
        for (unsigned k = 0; k < 2; k++) {
            unsigned d = 2 * cell + k;
            uint64_t seg = g.last_change[d] - g.prev_change[d];
            /* a die that just went dark may be in a blink's dark half: it stays lit
             * while held (260 ms; the dark half lasts 250 ms) */
            int dark_recent = !g.level[d] && g.hold_until[d] > now;
            int blinking = g.prev_change[d] && now - g.prev_change[d] <= BOARD_MS(800) &&
                           seg >= BOARD_MS(200) && seg <= BOARD_MS(300) &&
                           (now - g.last_change[d] < BOARD_MS(300) || dark_recent);
            if (g.level[d] || blinking || dark_recent)
                color |= 1 << k;
            if (blinking)
                blink = 1;
        }
        static const char steady[] = ".rgy", blinky[] = ".RGY";
        pic[cell] = blink ? blinky[color] : steady[color];
    }
    pic[BOARD_CELLS] = 0;
    if (memcmp(pic, g.picture, BOARD_CELLS)) {
        memcpy(g.picture, pic, sizeof pic);
        g.picture_since = now;
    }
    g.window_start = now;
    g.next_window = now + BOARD_WINDOW_CYCLES;
}

/* ---- port notifications -------------------------------------------------------- */

static void port_written(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    int p = (int)(intptr_t)param;
    if (g.led_ports >> (p & 3) & 1)
        leds_recompute(p & 3, p >> 2, (uint8_t)value);
    if (g.key_ports >> (p & 3) & 1)
        keys_apply(p & 3, p >> 2, (uint8_t)value);
}

/* ---- UART ---------------------------------------------------------------------- */

static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    uint8_t c = (uint8_t)value;
    /* Software flow control: XOFF (0x13) holds the host's bytes, XON (0x11) lets them
     * go again; neither is console text. */
    if ((c == 0x13 || c == 0x11) && g.flow_on) {
        if (c == 0x13)
            g.xoffs++;
        else
            g.xons++;
        if (c == 0x13 && !g.tx_held)
            g.lag_left = g.flow_lag; /* already on the way: they come anyway */
        g.tx_held = c == 0x13;
        if (!g.tx_held && g.next_tx < g.avr->cycle)
            g.next_tx = g.avr->cycle;
        return;
    }
    if (g.on_byte)
        g.on_byte(c, g.on_byte_ctx);
    if (c == '\r')
        return;
    if (c == '\n' || g.line_len == sizeof g.line - 1) {
        g.line[g.line_len] = 0;
        if (g.want && strstr(g.line, g.want))
            g.want_seen = 1;
        if (g.on_line)
            g.on_line(g.line, g.on_line_ctx);
        g.line_len = 0;
        if (c == '\n')
            return;
    }
    g.line[g.line_len++] = (char)c;
}

static avr_uart_t *uart0(void)
{
    for (avr_io_t *io = g.avr->io_port; io; io = io->next)
        if (io->kind && !strcmp(io->kind, "uart"))
            return (avr_uart_t *)io;
    return NULL;
}

/* The chip's byte time at UBRR0 and U2X0 as they are now: 10 bit times for 8N1. */
static uint64_t chip_byte_cycles(void)
{
    unsigned ubrr = reg(A_UBRR0L) | ((reg(A_UBRR0H) & 0x0f) << 8);
    unsigned div = (reg(A_UCSR0A) & 0x02) ? 8u : 16u; /* U2X0 */
    return 10ull * div * (ubrr + 1u);
}

/* simavr computes its own byte time when UBRR is written, from U2X as it is then and
 * with 11 bits: firmware that sets U2X after UBRR (both orders work on the chip) got
 * half the rate, and every byte a bit too long. Fixed here after any write to
 * UCSR0A/UBRR0L (and checked each run step), so the UART's timing is the chip's, as in
 * the avr8js model (sim/web/src/shield.js). */
static void uart_fix_rate(void)
{
    avr_uart_t *u = g.uart;
    if (u && u->cycles_per_byte)
        u->cycles_per_byte = chip_byte_cycles();
}

static void uart_reg_written(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    uart_fix_rate();
}

/* Pace host bytes at the rate simavr's receiver delivers them (it drops what overruns its
 * FIFO): a byte time and an eighth (the chip's byte time: simavr's, once fixed above). */
static uint64_t uart_byte_cycles(void)
{
    uint64_t c = chip_byte_cycles();
    return c + c / 8;
}

void board_serial_send(const char *s, size_t n)
{
    for (size_t i = 0; i < n && g.txq_tail - g.txq_head < TXQ_LEN; i++)
        g.txq[g.txq_tail++ % TXQ_LEN] = (uint8_t)s[i];
    if (g.next_tx < g.avr->cycle)
        g.next_tx = g.avr->cycle;
}

void board_serial_line(const char *s)
{
    board_serial_send(s, strlen(s));
    board_serial_send("\n", 1);
}

size_t board_serial_pending(void) { return g.txq_tail - g.txq_head; }
void board_on_line(board_line_fn fn, void *ctx) { g.on_line = fn; g.on_line_ctx = ctx; }
void board_on_byte(board_byte_fn fn, void *ctx) { g.on_byte = fn; g.on_byte_ctx = ctx; }

/* simavr programs an EEPROM byte at once and clears EEPE at once; the real chip keeps
 * EEPE set for the 3.4 ms the byte takes (datasheet 8.4, tWD_EEPROM). Model that, so
 * firmware waits like on hardware and a power cut can land inside a write. */
#define EE_WRITE_CYCLES (BOARD_F_CPU * 34u / 10000u)
static void eecr_written(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    if (!g.ee_busy && (value & 0x02)) { /* EEPE: a byte write starts */
        g.ee_busy = 1;
        g.ee_until = g.avr->cycle + EE_WRITE_CYCLES;
        if (g.ee_until < g.run_next) /* else EEPE would stay set until the step ends */
            g.run_next = g.ee_until;
        g.ee_addr = (uint16_t)(reg(0x41) | (reg(0x42) << 8)); /* EEARL/EEARH */
        g.ee_writes++;
        if (g.on_eecr)
            g.on_eecr((uint8_t)value, g.on_eecr_ctx);
    }
    if (g.ee_busy)
        g.avr->data[A_EECR] |= 0x02;
}

uint32_t board_eeprom_writes(void) { return g.ee_writes; }

int board_eeprom_busy(uint16_t *addr)
{
    if (g.ee_busy && addr)
        *addr = g.ee_addr;
    return g.ee_busy;
}

void board_on_eecr(void (*fn)(uint8_t v, void *ctx), void *ctx)
{
    g.on_eecr = fn;
    g.on_eecr_ctx = ctx;
}

/* ---- core hooks ---------------------------------------------------------------- */

/* Sleep is fast-forwarded: simavr's default callback would usleep() in real time. */
static void sleep_fast(avr_t *avr, avr_cycle_count_t how_long)
{
    /* simavr calls this as the CPU goes to sleep (avr->cycle is that moment), then adds
     * how_long + 1 cycles; the awake stretch that just ended is one main-loop pass plus
     * the interrupts that ran inside it. */
    if (avr->cycle >= g.wake_cycle && avr->cycle - g.wake_cycle > g.st.max_awake_cycles)
        g.st.max_awake_cycles = avr->cycle - g.wake_cycle;
    g.wake_cycle = avr->cycle + how_long + 1;
    g.st.sleep_cycles += how_long + 1;
}

static void reset_hook(avr_t *avr)
{
    if (g.core_reset)
        g.core_reset(avr);
    g.reset_seen = 1;
}

/* What simavr's reset undoes: level-triggered INT0/1 polling (PD2/PD3 are LED columns,
 * 5x slower if left on), the UART's stdio/poll-sleep flags, the key levels. */
static void after_reset(void)
{
    /* simavr's reset clears the PIN registers but an IRQ keeps its last value, and
     * raising the same value again changes nothing: forget the key columns' values so
     * keys_apply() below writes every column's level into PIN afresh. (Without this a
     * column that read high before the reset reads low after it.) */
    for (unsigned c = 0; c < BOARD_COLS; c++) {
        avr_irq_t *irq = avr_io_getirq(g.avr,
                                       AVR_IOCTL_IOPORT_GETIRQ(PORT_NAME(BOARD_PIN_PORT(key_cols[c]))),
                                       BOARD_PIN_BIT(key_cols[c]));
        if (irq)
            irq->value = 2; /* neither 0 nor 1 */
    }
    avr_extint_set_strict_lvl_trig(g.avr, 0, 0);
    avr_extint_set_strict_lvl_trig(g.avr, 1, 0);
    uint32_t flags = 0;
    avr_ioctl(g.avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    keys_apply(-1, 0, 0);
    leds_recompute(-1, 0, 0);
    g.tx_held = 0;
    g.lag_left = 0;
    g.wdif_since = 0;
    g.wake_cycle = g.avr->cycle;
    /* The supply: 5.0 V unless a test set another (board_set_vcc). The ADC reads the
     * 1.1 V bandgap against AVcc. */
    if (!g.avr->avcc)
        g.avr->avcc = 5000;
    g.avr->vcc = g.avr->avcc;
}

static int setup(void)
{
    avr_t *avr = g.avr;
    /* which ports carry LED pins and key pins: only their writes need decoding */
    for (unsigned i = 0; i < 3; i++) {
        g.led_ports |= (uint8_t)(1u << BOARD_PIN_PORT(led_rows[i]));
        g.led_ports |= (uint8_t)(1u << BOARD_PIN_PORT(led_red[i]));
        g.led_ports |= (uint8_t)(1u << BOARD_PIN_PORT(led_green[i]));
        g.key_ports |= (uint8_t)(1u << BOARD_PIN_PORT(key_rows[i]));
        g.key_ports |= (uint8_t)(1u << BOARD_PIN_PORT(key_cols[i]));
    }
    avr->log = LOG_ERROR;
    /* The Uno runs at 5.0 V: simavr's ADC otherwise takes AVcc as 3.3 V, and the 1.1 V
     * bandgap would read 341 counts instead of 225. */
    avr->vcc = avr->avcc = avr->aref = 5000;
    g.core_reset = avr->reset;
    avr->reset = reset_hook;
    avr->sleep = sleep_fast;
    for (unsigned p = 0; p < 3; p++) {
        avr_irq_t *base = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(PORT_NAME(p)), 0);
        if (!base)
            return -1;
        avr_irq_register_notify(base + IOPORT_IRQ_REG_PORT, port_written, (void *)(intptr_t)p);
        avr_irq_register_notify(base + IOPORT_IRQ_DIRECTION_ALL, port_written,
                                (void *)(intptr_t)(p | 4));
    }
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_out, NULL);
    g.uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    g.uart = uart0();
    avr_irq_register_notify(avr_iomem_getirq(avr, A_EECR, "EECR", AVR_IOMEM_IRQ_ALL),
                            eecr_written, NULL);
    avr_irq_register_notify(avr_iomem_getirq(avr, A_UCSR0A, "UCSR0A", AVR_IOMEM_IRQ_ALL),
                            uart_reg_written, NULL);
    avr_irq_register_notify(avr_iomem_getirq(avr, A_UBRR0L, "UBRR0L", AVR_IOMEM_IRQ_ALL),
                            uart_reg_written, NULL);
    g.flow_on = 1;
    g.ram_seed = 0x2545F491u;
    memset(g.picture, '.', BOARD_CELLS);
    memset(g.ghosts, '.', BOARD_CELLS);
    g.next_window = avr->cycle + BOARD_WINDOW_CYCLES;
    g.window_start = avr->cycle;
    g.dies_since = avr->cycle;
    board_clear_counters();
    after_reset();
    return 0;
}

/* simavr prints a banner on stdout when it makes a core; keep stdout for our protocol. */
static avr_t *make_core(void)
{
    fflush(stdout);
    int saved = dup(1);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    avr_t *avr = avr_make_mcu_by_name("atmega328p");
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(devnull);
    return avr;
}

int board_open_elf(const char *elf_path)
{
    memset(&g, 0, sizeof g);
    fflush(stdout);
    int saved0 = dup(1), devnull0 = open("/dev/null", O_WRONLY);
    dup2(devnull0, 1);
    int rc = elf_read_firmware(elf_path, &g.fw);
    fflush(stdout);
    dup2(saved0, 1);
    close(saved0);
    close(devnull0);
    if (rc != 0) {
        fprintf(stderr, "ttt-sim: cannot read %s\n", elf_path);
        return -1;
    }
    g.fw.frequency = (uint32_t)BOARD_F_CPU;
    strcpy(g.fw.mmcu, "atmega328p");
    g.avr = make_core();
    if (!g.avr)
        return -1;
    avr_init(g.avr);
    fflush(stdout);
    int saved = dup(1), devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    avr_load_firmware(g.avr, &g.fw);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(devnull);
    g.avr->frequency = (uint32_t)BOARD_F_CPU;
    return setup();
}

int board_open_flash(const uint8_t *flash, uint32_t start_pc, uint8_t mcusr)
{
    memset(&g, 0, sizeof g);
    g.avr = make_core();
    if (!g.avr)
        return -1;
    avr_init(g.avr);
    g.avr->frequency = (uint32_t)BOARD_F_CPU;
    memcpy(g.avr->flash, flash, g.avr->flashend + 1);
    g.avr->codeend = g.avr->flashend;
    g.avr->reset_pc = start_pc;
    g.avr->pc = start_pc;
    g.avr->data[A_MCUSR] = mcusr;
    return setup();
}

/* A power cycle loses the SRAM: it comes back as noise (xorshift, reproducible), so
 * firmware that trusts RAM after power-on is caught. simavr's reset keeps SRAM. */
void board_power_cycle(void)
{
    for (unsigned a = 0x100; a <= g.avr->ramend; a++) {
        g.ram_seed ^= g.ram_seed << 13;
        g.ram_seed ^= g.ram_seed >> 17;
        g.ram_seed ^= g.ram_seed << 5;
        g.avr->data[a] = (uint8_t)g.ram_seed;
    }
    board_reset(1 /* PORF */);
}

void board_set_flow(int on)
{
    g.flow_on = on;
    if (!on)
        g.tx_held = 0;
}

void board_set_flow_lag(unsigned bytes)
{
    g.flow_lag = bytes;
}

void board_flow_counts(uint32_t *xoffs, uint32_t *xons)
{
    *xoffs = g.xoffs;
    *xons = g.xons;
}

void board_set_vcc(uint32_t millivolts)
{
    g.avr->avcc = millivolts;
    g.avr->vcc = millivolts;
}

void board_reset(uint8_t mcusr)
{
    /* simavr's reset leaves the EEPROM array alone (no reset hook in avr_eeprom.c) */
    avr_reset(g.avr);
    g.ee_busy = 0;
    g.avr->pc = g.avr->reset_pc;
    g.avr->state = cpu_Running;
    g.st.crashed = 0;
    g.avr->data[A_MCUSR] = mcusr;
    g.reset_seen = 0;
    g.st.resets++;
    g.line_len = 0;
    g.txq_head = g.txq_tail;
    after_reset();
}

/* simavr's EEPROM ioctls reject offset + size == 1024 (off by one) and SET prints on
 * stdout; GET with ee == NULL hands out the module's own buffer, used for both. */
static uint8_t *eeprom_mem(void)
{
    avr_eeprom_desc_t d = {.ee = NULL, .offset = 0, .size = 1};
    avr_ioctl(g.avr, AVR_IOCTL_EEPROM_GET, &d);
    return d.ee;
}

void board_eeprom_get(uint8_t *buf, uint16_t len)
{
    uint8_t *m = eeprom_mem();
    if (m)
        memcpy(buf, m, len > 1024 ? 1024 : len);
}

void board_eeprom_set(const uint8_t *buf, uint16_t len)
{
    uint8_t *m = eeprom_mem();
    if (m)
        memcpy(m, buf, len > 1024 ? 1024 : len);
}

const board_status_t *board_status(void)
{
    g.st.awake_cycles = (g.avr->cycle - g.clear_cycle) - g.st.sleep_cycles;
    return &g.st;
}

void board_clear_counters(void)
{
    g.st.sleep_cycles = 0;
    g.st.max_awake_cycles = 0;
    g.wake_cycle = g.avr->cycle;
    g.st.min_sp = 0xffff;
    g.clear_cycle = g.avr->cycle;
}

/* ---- watchdog ------------------------------------------------------------------ */

/* In interrupt-and-reset mode (WDE and WDIE set) the datasheet (10.9.2) says: "If the
 * interrupt is not executed before the next time-out, a System Reset will be applied."
 * simavr 1.6 only raises the interrupt again, so a hang with interrupts off would never
 * reset. Model the rule: WDIF (set by the first time-out) still set one watchdog period
 * later, with WDE on, is a watchdog reset. */
#define A_WDTCSR 0x60u
static void wdt_model(void)
{
    uint8_t w = g.avr->data[A_WDTCSR];
    if (!(w & 0x80u) || !(w & 0x08u)) { /* WDIF, WDE */
        g.wdif_since = 0;
        return;
    }
    if (!g.wdif_since) {
        g.wdif_since = g.avr->cycle;
        return;
    }
    unsigned wdp = (w & 7u) | ((w >> 2) & 8u); /* WDP3 is bit 5 */
    uint64_t period = ((uint64_t)2048u << wdp) * BOARD_F_CPU / 128000u;
    if (g.avr->cycle - g.wdif_since >= period) {
        g.wdif_since = 0;
        avr_reset(g.avr);
        g.avr->data[A_MCUSR] |= (uint8_t)(1u << WDRF_BIT);
    }
}

/* ---- main loop ----------------------------------------------------------------- */

int board_run_until(uint64_t target)
{
    avr_t *avr = g.avr;
    while (avr->cycle < target) {
        uint64_t next = target;
        if (g.next_window < next)
            next = g.next_window;
        if (g.keyq_head != g.keyq_tail && g.keyq[g.keyq_head % KEYQ_LEN].at < next)
            next = g.keyq[g.keyq_head % KEYQ_LEN].at;
        if (g.txq_head != g.txq_tail && (!g.tx_held || g.lag_left) && g.next_tx < next)
            next = g.next_tx;
        if (g.ee_busy && g.ee_until < next)
            next = g.ee_until;
        g.run_next = next;
        while (avr->cycle < g.run_next) {
            uint32_t pc_before = avr->pc;
            avr->run(avr);
            int state = avr->state;
            if (state == cpu_Done || state == cpu_Crashed) {
                g.st.crashed = 1;
                return -1;
            }
            if (g.reset_seen) {
                g.reset_seen = 0;
                g.st.resets++;
                if ((avr->data[A_MCUSR] >> WDRF_BIT) & 1)
                    g.st.wdt_resets++;
                after_reset();
            } else if (avr->pc == 0 && pc_before != 0 && avr->reset_pc == 0) {
                g.st.jumps_to_zero++;
            }
            uint16_t sp = (uint16_t)(avr->data[R_SPL] | (avr->data[R_SPH] << 8));
            if (sp < g.st.min_sp)
                g.st.min_sp = sp;
            wdt_model();
        }
        uint64_t now = avr->cycle;
        uart_fix_rate();
        while (g.keyq_head != g.keyq_tail && g.keyq[g.keyq_head % KEYQ_LEN].at <= now) {
            board_keys_set(g.keyq[g.keyq_head % KEYQ_LEN].mask);
            g.keyq_head++;
        }
        if (g.txq_head != g.txq_tail && (!g.tx_held || g.lag_left) && g.next_tx <= now) {
            uint64_t per = uart_byte_cycles();
            if (reg(0xc1) & 0x10) { /* RXEN0: the receiver listens */
                avr_raise_irq(g.uart_in, g.txq[g.txq_head++ % TXQ_LEN]);
                g.lag_left -= g.tx_held;
            }
            g.next_tx = now + per;
        }
        if (g.ee_busy && now >= g.ee_until) {
            g.ee_busy = 0;
            avr->data[A_EECR] &= (uint8_t)~0x02;
        }
        if (now >= g.next_window)
            leds_window(now);
    }
    return 0;
}

int board_run_ms(uint32_t ms) { return board_run_until(g.avr->cycle + BOARD_MS(ms)); }

int board_run_until_line(const char *needle, uint32_t ms)
{
    uint64_t end = g.avr->cycle + BOARD_MS(ms);
    g.want = needle;
    g.want_seen = 0;
    while (!g.want_seen && g.avr->cycle < end) {
        if (board_run_until(g.avr->cycle + BOARD_MS(1)) < 0)
            break;
    }
    g.want = NULL;
    return g.want_seen;
}

int board_press(int cell, uint32_t hold_ms)
{
    board_keys_set((uint16_t)(g.keys | (1u << cell)));
    int r = board_run_ms(hold_ms);
    board_keys_set((uint16_t)(g.keys & ~(1u << cell)));
    return r;
}

/* ---- VCD trace ----------------------------------------------------------------- */

int board_trace(const char *path)
{
    if (avr_vcd_init(g.avr, path, &g.vcd, 1000 /* usec flush period */) != 0)
        return -1;
    static const char *row_names[] = {"led_row0", "led_row1", "led_row2"};
    static const char *red_names[] = {"led_c0_red", "led_c1_red", "led_c2_red"};
    static const char *grn_names[] = {"led_c0_green", "led_c1_green", "led_c2_green"};
    static const char *krow_names[] = {"key_row0", "key_row1", "key_row2"};
    static const char *kcol_names[] = {"key_col0", "key_col1", "key_col2"};
    for (unsigned i = 0; i < 3; i++) {
        const uint8_t pins[5] = {led_rows[i], led_red[i], led_green[i], key_rows[i], key_cols[i]};
        const char *names[5] = {row_names[i], red_names[i], grn_names[i], krow_names[i],
                                kcol_names[i]};
        for (unsigned k = 0; k < 5; k++) {
            avr_irq_t *irq = avr_io_getirq(g.avr,
                                           AVR_IOCTL_IOPORT_GETIRQ(PORT_NAME(BOARD_PIN_PORT(pins[k]))),
                                           BOARD_PIN_BIT(pins[k]));
            avr_vcd_add_signal(&g.vcd, irq, 1, names[k]);
        }
    }
    /* key_rows are only meaningful with their direction: trace DDRC as well. */
    avr_vcd_add_signal(&g.vcd,
                       avr_io_getirq(g.avr, AVR_IOCTL_IOPORT_GETIRQ('C'), IOPORT_IRQ_DIRECTION_ALL),
                       8, "ddrc");
    avr_vcd_add_signal(&g.vcd, avr_io_getirq(g.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                       8, "uart_tx_byte");
    avr_vcd_add_signal(&g.vcd, g.uart_in, 8, "uart_rx_byte");
    avr_vcd_start(&g.vcd);
    g.vcd_on = 1;
    return 0;
}

void board_trace_stop(void)
{
    if (g.vcd_on) {
        avr_vcd_stop(&g.vcd);
        avr_vcd_close(&g.vcd);
        g.vcd_on = 0;
    }
}

/* ---- ELF symbols --------------------------------------------------------------- */

int board_elf_symbol(const char *elf_path, const char *prefix, char *name_out, size_t name_len,
                     uint32_t *addr, uint32_t *size)
{
    int found = -1;
    elf_version(EV_CURRENT);
    int fd = open(elf_path, O_RDONLY);
    if (fd < 0)
        return -1;
    Elf *e = elf_begin(fd, ELF_C_READ, NULL);
    Elf_Scn *scn = NULL;
    while (e && found && (scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        for (size_t i = 0; i < n; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym))
                continue;
            const char *name = elf_strptr(e, sh.sh_link, sym.st_name);
            if (!name || strncmp(name, prefix, strlen(prefix)) || sym.st_size == 0 ||
                GELF_ST_TYPE(sym.st_info) != STT_OBJECT)
                continue;
            if (sym.st_value >= 0x800000) /* SRAM/EEPROM, not flash */
                continue;
            if (found == 0 && sym.st_size <= *size)
                continue; /* keep the largest match */
            snprintf(name_out, name_len, "%s", name);
            *addr = (uint32_t)sym.st_value;
            *size = (uint32_t)sym.st_size;
            found = 0;
        }
        if (found == 0)
            break;
    }
    if (e)
        elf_end(e);
    close(fd);
    return found;
}
