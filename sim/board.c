/* sim/board.c - the harness: one simulated Uno with the shield, simavr's ATmega328P at
 * 16 MHz and the board's parts (sim/parts/) wired to it, and what the simulated chip
 * needs beyond simavr (fast sleep, the watchdog's reset rule, counters). One board per
 * process. */
#define _GNU_SOURCE
#include "board.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eeprom_timing.h"
#include "host_uart.h"
#include "key_matrix.h"
#include "led_picture.h"
#include "m328p.h"
#include "pins.h"
#include "sounder.h"
#include "supply.h"

#include <avr_eeprom.h>
#include <avr_extint.h>
#include <avr_ioport.h>
#include <avr_timer.h>
#include <avr_uart.h>
#include <avr_watchdog.h>
#include <sim_avr.h>
#include <sim_core.h>
#include <sim_elf.h>
#include <sim_io.h>
#include <sim_vcd_file.h>

typedef struct {
    avr_cycle_timer_t fn;
    void *param;
    uint64_t when;
} held_timer_t;

static struct {
    avr_t *avr;
    elf_firmware_t fw;
    void (*core_reset)(avr_t *);
    int reset_seen;
    key_matrix_t keys;
    led_picture_t leds;
    host_uart_t uart;
    eeprom_timing_t eeprom;
    supply_t supply;
    sounder_t sound;
    int isr_counting; /* board_count_isrs(): the vector now running (0 none), its entry */
    unsigned isr_vector;
    uint64_t isr_entered;
    uint64_t run_next; /* where the current run step stops; an EEPROM write pulls it in */
    uint64_t wdif_since; /* the watchdog rule simavr 1.6 lacks (wdt_model) */
    avr_watchdog_t *wdt;  /* simavr's watchdog (wdtcsr_write) */
    avr_io_write_t wdtcsr_write; /* and its WDTCSR write */
    uint64_t wake_cycle; /* when the CPU last woke from sleep */
    int sleep_mode;      /* SM while asleep, -1 awake: told to the UART's receiver */
    uint64_t wake_at;    /* asleep and woken: the CPU runs again then (0: not woken) */
    held_timer_t held[16]; /* the timers' cycle timers held while the I/O clock stands */
    unsigned n_held;
    uint64_t held_at; /* the clock stopped then */
    board_status_t st;
    uint64_t clear_cycle;
    avr_vcd_t vcd;
    int vcd_on;
    FILE *stamps; /* board_stamps() */
    int resetting; /* after_reset() under way: RXD raised low and high, no host byte */
} g;

avr_t *board_avr(void) { return g.avr; }
uint64_t board_now(void) { return g.avr->cycle; }
uint8_t *board_flash(void) { return g.avr->flash; }
const char *board_picture(void) { return g.leds.model.picture; }
uint64_t board_picture_since(void) { return g.leds.model.picture_since; }
const char *board_ghosts(void) { return g.leds.model.ghosts; }
board_leds_t *board_leds(void) { return &g.leds.model; }
uint32_t board_dies_now(void) { return g.leds.model.dies; }
uint64_t board_ghost_windows(void) { return g.leds.model.ghost_windows; }
uint16_t board_keys(void) { return g.keys.keys; }

void board_keys_set(uint16_t mask) { avr_raise_irq(g.keys.irq + KEY_MATRIX_IRQ_KEYS, mask); }
void board_keys_at(uint64_t cycle, uint16_t mask) { key_matrix_at(&g.keys, cycle, mask); }

void board_serial_send(const char *s, size_t n) { host_uart_send(&g.uart, s, n); }

void board_serial_line(const char *s)
{
    board_serial_send(s, strlen(s));
    board_serial_send("\n", 1);
}

size_t board_serial_pending(void) { return g.uart.tail - g.uart.head; }
void board_serial_framing_error(uint8_t c) { host_uart_send_framing_error(&g.uart, c); }

void board_on_line(board_line_fn fn, void *ctx)
{
    g.uart.on_line = fn;
    g.uart.on_line_ctx = ctx;
}

void board_on_byte(board_byte_fn fn, void *ctx)
{
    g.uart.on_byte = fn;
    g.uart.on_byte_ctx = ctx;
}

void board_set_flow(int on)
{
    g.uart.model.flow_on = on;
    if (!on)
        g.uart.model.held = false;
}

void board_set_flow_lag(unsigned bytes)
{
    g.uart.flow_lag = bytes;
}

void board_flow_counts(uint32_t *xoffs, uint32_t *xons)
{
    *xoffs = g.uart.model.xoffs;
    *xons = g.uart.model.xons;
}

uint32_t board_eeprom_writes(void) { return g.eeprom.writes; }

int board_eeprom_busy(uint16_t *addr)
{
    if (g.eeprom.busy && addr)
        *addr = g.eeprom.addr;
    return g.eeprom.busy;
}

void board_on_eecr(void (*fn)(uint8_t v, void *ctx), void *ctx)
{
    g.eeprom.on_write = fn;
    g.eeprom.on_write_ctx = ctx;
}

void board_on_sound(board_sound_fn fn, void *ctx)
{
    g.sound.on_edge = fn;
    g.sound.on_edge_ctx = ctx;
}

int board_sound_level(void) { return g.sound.level; }
uint64_t board_sound_edges(void) { return g.sound.edges; }
uint64_t board_sound_last_edge(void) { return g.sound.last_edge; }
uint64_t board_sound_prev_edge(void) { return g.sound.prev_edge; }

void board_set_vcc(uint32_t millivolts)
{
    avr_raise_irq(g.supply.irq + SUPPLY_IRQ_VCC, millivolts);
}

/* ---- core hooks ---------------------------------------------------------------- */

/* The chip's sleep mode (-1 awake) for the UART's receiver: a byte in reception as the
 * chip powers down is lost (simavr's receiver would complete it). */
static void sleep_mode(int mode)
{
    if (mode != g.sleep_mode) {
        g.sleep_mode = mode;
        if (board_uart_sleep(&g.uart.model, mode, g.avr->cycle))
            host_uart_rx_abort(&g.uart);
    }
}

/* ---- the chip's timing ---------------------------------------------------------- */

/* simavr 1.6's step (avr_callback_run_raw) departs from the datasheet's timing: an
 * interrupt takes no cycles (the chip 4), two instructions run after SEI or RETI before
 * one (the chip one), SLEEP with an interrupt pending is a no-op (the chip sleeps and
 * wakes at once), a sleeping chip wakes one cycle after its timer and at once (the chip
 * halts 4 cycles more, after its oscillator's start-up: 16K CK from power-down), any
 * enabled interrupt wakes it (the chip: board_wakes), and its sleep callback waits in
 * real time. chip_run is the step as the chip times it (board_model.h): avr->run. */

/* An interrupt pending that wakes the chip from this sleep mode. */
static int wake_pending(avr_t *avr, int mode)
{
    avr_int_table_p t = &avr->interrupts;
    for (int i = 0; i < t->vector_count; i++)
        if (t->vector[i]->pending && board_wakes(mode, t->vector[i]->vector))
            return 1;
    return 0;
}

static uint16_t chip_sp(const avr_t *avr)
{
    return (uint16_t)(avr->data[R_SPL] | (avr->data[R_SPH] << 8));
}

/* The pending interrupt of highest priority, if any is due: BOARD_INT_CYCLES. */
static void take_interrupt(avr_t *avr)
{
    uint16_t sp = chip_sp(avr);
    avr_service_interrupts(avr);
    if (chip_sp(avr) != sp)
        avr->cycle += BOARD_INT_CYCLES;
}

/* A sleep in any mode but idle stops the I/O clock, and timers 0-2 with it (datasheet
 * 10.1; simavr's run on): their cycle timers are held from the sleep until the CPU runs
 * again, then put back as far on as the clock stood, each timer's base with them. */
static int is_timer(const avr_t *avr, const void *param)
{
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if ((void *)io == param && io->kind && !strcmp(io->kind, "timer"))
            return 1;
    return 0;
}

static void clock_stop(avr_t *avr)
{
    g.n_held = 0;
    g.held_at = avr->cycle;
    for (avr_cycle_timer_slot_p t = avr->cycle_timers.timer; t; t = t->next)
        if (is_timer(avr, t->param) && g.n_held < sizeof g.held / sizeof g.held[0])
            g.held[g.n_held++] = (held_timer_t){t->timer, t->param, t->when};
    for (unsigned i = 0; i < g.n_held; i++)
        avr_cycle_timer_cancel(avr, g.held[i].fn, g.held[i].param);
    sounder_clock_stop(&g.sound);
}

static void clock_run(avr_t *avr)
{
    uint64_t stood = avr->cycle - g.held_at;
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && !strcmp(io->kind, "timer"))
            ((avr_timer_t *)io)->tov_base += stood;
    for (unsigned i = 0; i < g.n_held; i++)
        avr_cycle_timer_register(avr, g.held[i].when + stood - avr->cycle, g.held[i].fn,
                                 g.held[i].param);
    g.n_held = 0;
    sounder_clock_run(&g.sound, g.held_at);
}

/* SLEEP ran with SE set: asleep from here, whatever is pending. The awake stretch that
 * ends is one main-loop pass and the interrupts inside it. */
static void sleep_enter(avr_t *avr)
{
    sleep_mode((avr->data[A_SMCR] >> 1) & 7);
    if (g.sleep_mode > 0)
        clock_stop(avr);
    g.wake_at = 0;
    avr->state = cpu_Sleeping;
    if (avr->cycle >= g.wake_cycle && avr->cycle - g.wake_cycle > g.st.max_awake_cycles)
        g.st.max_awake_cycles = avr->cycle - g.wake_cycle;
}

/* Asleep: woken by a pending interrupt of the mode, the CPU runs board_wake_cycles
 * later and takes it; until then the clock skips to the next timer (the sleep is
 * fast-forwarded: simavr's callback would wait in real time). */
static void chip_sleep(avr_t *avr, avr_cycle_count_t next)
{
    if (!avr->sreg[S_I]) {
        avr->state = cpu_Done; /* nothing can wake it: a crash (board_status) */
        return;
    }
    if (!g.wake_at && wake_pending(avr, g.sleep_mode))
        g.wake_at = avr->cycle + board_wake_cycles(g.sleep_mode);
    if (g.wake_at && avr->cycle >= g.wake_at) {
        g.wake_at = 0;
        if (g.sleep_mode > 0)
            clock_run(avr);
        sleep_mode(-1);
        g.wake_cycle = avr->cycle;
        avr->state = cpu_Running;
        avr->interrupt_state = 1;
        take_interrupt(avr);
        return;
    }
    avr->state = cpu_Sleeping; /* a raised interrupt set it running */
    uint64_t to = avr->cycle + next;
    if (g.wake_at && g.wake_at < to)
        to = g.wake_at;
    if (g.run_next < to) /* never past the step's end */
        to = g.run_next > avr->cycle ? g.run_next : avr->cycle;
    g.st.sleep_cycles += to - avr->cycle;
    avr->cycle = to;
}

static void chip_run(avr_t *avr)
{
    avr_flashaddr_t new_pc = avr->pc;
    int slept = 0;
    if (g.sleep_mode < 0 && avr->state == cpu_Running) {
        uint16_t op = (uint16_t)(avr->flash[avr->pc] | avr->flash[avr->pc + 1] << 8);
        new_pc = avr_run_one(avr);
        if (avr->interrupt_state < -1)
            avr->interrupt_state = -1; /* SEI, RETI: one more instruction first */
        slept = op == 0x9588u && (avr->data[A_SMCR] & 1u); /* SLEEP with SE */
    }
    avr_cycle_count_t next = avr_cycle_timer_process(avr);
    avr->pc = new_pc;
    if (slept)
        sleep_enter(avr);
    if (g.sleep_mode >= 0)
        chip_sleep(avr, next);
    else if (avr->interrupt_state && avr->state == cpu_Running)
        take_interrupt(avr);
}

static void wdt_connect(avr_t *avr);

static void reset_hook(avr_t *avr)
{
    if (g.core_reset)
        g.core_reset(avr);
    g.reset_seen = 1;
}

/* What simavr's reset undoes, and the parts' own reset. Level-triggered INT0/1 polling
 * goes off: PD2/PD3 are LED columns, and the simulation is 5x slower with it. */
static void after_reset(void)
{
    avr_extint_set_strict_lvl_trig(g.avr, 0, 0);
    avr_extint_set_strict_lvl_trig(g.avr, 1, 0);
    g.resetting = 1;
    host_uart_reset(&g.uart);
    g.resetting = 0;
    key_matrix_reset(&g.keys);
    led_picture_reset(&g.leds);
    supply_reset(&g.supply);
    sounder_reset(&g.sound);
    g.isr_vector = 0;
    g.wdif_since = 0;
    g.wake_cycle = g.avr->cycle;
    g.sleep_mode = -1;
    g.wake_at = 0;
    g.n_held = 0; /* a reset dropped the timers' cycle timers */
}

/* The parts, each made and wired to the chip. */
static void setup(void)
{
    avr_t *avr = g.avr;
    avr->log = LOG_ERROR;
    g.core_reset = avr->reset;
    avr->reset = reset_hook;
    avr->run = chip_run;
    wdt_connect(avr);
    supply_init(avr, &g.supply);
    led_picture_init(avr, &g.leds);
    led_picture_connect(&g.leds);
    key_matrix_init(avr, &g.keys);
    key_matrix_connect(&g.keys);
    host_uart_init(avr, &g.uart, &g.run_next);
    host_uart_connect(&g.uart);
    eeprom_timing_init(avr, &g.eeprom, &g.run_next);
    eeprom_timing_connect(&g.eeprom);
    sounder_init(avr, &g.sound);
    g.sound.simavr_link = getenv("TTT_SIM_SIMAVR_OC2A") != NULL; /* sim/README.md, gaps */
    sounder_connect(&g.sound);
    board_clear_counters();
    after_reset();
}

/* simavr prints on stdout when it makes a core and loads an ELF; keep stdout for our
 * protocol. quiet(1) sends it to /dev/null, quiet(0) brings it back. */
static void quiet(int on)
{
    static int saved = -1;
    fflush(stdout);
    if (on) {
        saved = dup(1);
        int devnull = open("/dev/null", O_WRONLY);
        dup2(devnull, 1);
        close(devnull);
    } else if (saved >= 0) {
        dup2(saved, 1);
        close(saved);
        saved = -1;
    }
}

static int open_core(void)
{
    memset(&g, 0, sizeof g);
    quiet(1);
    g.avr = avr_make_mcu_by_name("atmega328p");
    quiet(0);
    if (!g.avr)
        return -1;
    avr_init(g.avr);
    g.avr->frequency = (uint32_t)BOARD_F_CPU;
    return 0;
}

int board_open_elf(const char *elf_path)
{
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    quiet(1);
    int rc = elf_read_firmware(elf_path, &fw);
    quiet(0);
    if (rc != 0) {
        fprintf(stderr, "ttt-sim: cannot read %s\n", elf_path);
        return -1;
    }
    fw.frequency = (uint32_t)BOARD_F_CPU;
    strcpy(fw.mmcu, "atmega328p");
    if (open_core() != 0)
        return -1;
    g.fw = fw;
    quiet(1);
    avr_load_firmware(g.avr, &g.fw);
    quiet(0);
    g.avr->frequency = (uint32_t)BOARD_F_CPU;
    setup();
    return 0;
}

int board_open_flash(const uint8_t *flash, uint32_t start_pc, uint8_t mcusr)
{
    if (open_core() != 0)
        return -1;
    memcpy(g.avr->flash, flash, g.avr->flashend + 1);
    g.avr->codeend = g.avr->flashend;
    g.avr->reset_pc = start_pc;
    g.avr->pc = start_pc;
    g.avr->data[A_MCUSR] = mcusr;
    setup();
    return 0;
}

void board_power_cycle(void)
{
    supply_power_cycle(&g.supply);
    board_reset(MCUSR_PORF);
}

void board_reset(uint8_t mcusr)
{
    /* simavr's reset leaves the EEPROM array alone (no reset hook in avr_eeprom.c) */
    avr_reset(g.avr);
    g.eeprom.busy = false;
    g.avr->pc = g.avr->reset_pc;
    g.avr->state = cpu_Running;
    g.st.crashed = 0;
    g.avr->data[A_MCUSR] = mcusr;
    g.reset_seen = 0;
    g.st.resets++;
    host_uart_drop(&g.uart);
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
    g.st.rx_overruns = g.uart.overruns;
    g.st.rx_latency_max = g.uart.latency_max;
    g.st.rx_latency_max_at = g.uart.latency_max_at;
    return &g.st;
}

void board_clear_counters(void)
{
    g.st.sleep_cycles = 0;
    g.st.max_awake_cycles = 0;
    g.wake_cycle = g.avr->cycle;
    g.st.min_sp = 0xffff;
    memset(g.st.isr_cycles, 0, sizeof g.st.isr_cycles);
    g.clear_cycle = g.avr->cycle;
    host_uart_clear_rx_stats(&g.uart);
}

/* ---- watchdog ------------------------------------------------------------------ */

/* simavr restarts the watchdog's count when a WDTCSR write changes its prescaler; the
 * chip's counter runs on from the last WDR (or the write that enabled it, or a time-out
 * in interrupt mode), and the new prescaler times it from there. */
static avr_cycle_timer_slot_p wdt_slot(avr_t *avr)
{
    for (avr_cycle_timer_slot_p t = avr->cycle_timers.timer; t; t = t->next)
        if (t->param == (void *)g.wdt)
            return t;
    return NULL;
}

static void wdtcsr_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    avr_cycle_timer_slot_p t = wdt_slot(avr);
    uint64_t origin = t ? t->when - g.wdt->cycle_count : 0, period = g.wdt->cycle_count;
    g.wdtcsr_write(avr, addr, v, param);
    avr_cycle_timer_slot_p now = wdt_slot(avr);
    if (t && now && g.wdt->cycle_count != period) {
        avr_cycle_timer_t fn = now->timer;
        uint64_t due = origin + g.wdt->cycle_count;
        avr_cycle_timer_register(avr, due > avr->cycle ? due - avr->cycle : 0, fn, g.wdt);
    }
}

static void wdt_connect(avr_t *avr)
{
    for (avr_io_t *io = avr->io_port; io; io = io->next)
        if (io->kind && !strcmp(io->kind, "watchdog"))
            g.wdt = (avr_watchdog_t *)io;
    unsigned a = AVR_DATA_TO_IO(A_WDTCSR);
    if (!g.wdt || avr->io[a].w.param != g.wdt)
        return;
    g.wdtcsr_write = avr->io[a].w.c;
    avr->io[a].w.c = wdtcsr_write;
}

/* In interrupt-and-reset mode (WDE and WDIE set) the datasheet (10.9.2) says: "If the
 * interrupt is not executed before the next time-out, a System Reset will be applied."
 * simavr 1.6 only raises the interrupt again, so a hang with interrupts off would never
 * reset. Model the rule: WDIF (set by the first time-out) still set one watchdog period
 * later, with WDE on, is a watchdog reset. */
static void wdt_model(void)
{
    uint8_t w = g.avr->data[A_WDTCSR];
    if (!(w & WDTCSR_WDIF) || !(w & WDTCSR_WDE)) {
        g.wdif_since = 0;
        return;
    }
    if (!g.wdif_since) { /* the time-out's cycle: simavr's timer is due a period after it */
        avr_cycle_timer_slot_p t = wdt_slot(g.avr);
        g.wdif_since = t && t->when > g.wdt->cycle_count ? t->when - g.wdt->cycle_count : g.avr->cycle;
        return;
    }
    unsigned wdp = (w & 7u) | ((w >> 2) & 8u); /* WDP3 is bit 5 */
    uint64_t period = ((uint64_t)2048u << wdp) * BOARD_F_CPU / 128000u;
    if (g.avr->cycle - g.wdif_since >= period) {
        g.wdif_since = 0;
        avr_reset(g.avr);
        g.avr->data[A_MCUSR] |= MCUSR_WDRF;
    }
}

/* ---- main loop ----------------------------------------------------------------- */

void board_count_isrs(int on)
{
    g.isr_counting = on;
    g.isr_vector = 0;
}

/* board_count_isrs(): an interrupt runs from its vector (the cycle the run that took it
 * ended, after any sleep) to its RETI, plus the 4-cycle response (datasheet 6.7.1). */
static void isr_account(avr_t *avr, uint32_t pc_before)
{
    if (g.isr_vector) {
        uint16_t op = (uint16_t)(avr->flash[pc_before] | avr->flash[pc_before + 1] << 8);
        if (op != 0x9518u) /* RETI */
            return;
        g.st.isr_cycles[g.isr_vector] += avr->cycle - g.isr_entered + 4u;
        g.isr_vector = 0;
    }
    if (avr->pc && avr->pc < 4u * BOARD_VECTORS && !(avr->pc & 3u) &&
        avr->pc != pc_before + 2u && avr->pc != pc_before + 4u) {
        g.isr_vector = avr->pc / 4u;
        g.isr_entered = avr->cycle;
    }
}

/* One instruction (or interrupt, or sleep) and the counters; -1 when the chip stopped. */
static int chip_step(avr_t *avr)
{
    uint32_t pc_before = avr->pc;
    avr->run(avr);
    if (g.isr_counting)
        isr_account(avr, pc_before);
    if (avr->state == cpu_Done || avr->state == cpu_Crashed) {
        g.st.crashed = 1;
        return -1;
    }
    if (g.reset_seen) {
        g.reset_seen = 0;
        g.st.resets++;
        if (avr->data[A_MCUSR] & MCUSR_WDRF)
            g.st.wdt_resets++;
        after_reset();
    } else if (avr->pc == 0 && pc_before != 0 && avr->reset_pc == 0) {
        g.st.jumps_to_zero++;
    }
    uint16_t sp = chip_sp(avr);
    if (sp < g.st.min_sp)
        g.st.min_sp = sp;
    wdt_model();
    return 0;
}

static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* The chip runs in steps to the next thing a part has to do; a sleep ends on the step's
 * end (chip_sleep: a host byte's start bit, a wait's end). */
int board_run_until(uint64_t target)
{
    avr_t *avr = g.avr;
    while (avr->cycle < target) {
        g.run_next = min64(min64(target, g.leds.model.next_window),
                           min64(key_matrix_next(&g.keys),
                                 min64(host_uart_next(&g.uart), eeprom_timing_next(&g.eeprom))));
        while (avr->cycle < g.run_next)
            if (chip_step(avr) < 0)
                return -1;
        uint64_t now = avr->cycle;
        key_matrix_run(&g.keys, now);
        host_uart_run(&g.uart, now);
        eeprom_timing_run(&g.eeprom, now);
        led_picture_run(&g.leds, now);
    }
    return 0;
}

int board_run_ms(uint32_t ms) { return board_run_until(g.avr->cycle + BOARD_MS(ms)); }

int board_run_until_line(const char *needle, uint32_t ms)
{
    uint64_t end = g.avr->cycle + BOARD_MS(ms);
    g.uart.want = needle;
    g.uart.want_seen = 0;
    while (!g.uart.want_seen && g.avr->cycle < end) {
        if (board_run_until(g.avr->cycle + BOARD_MS(1)) < 0)
            break;
    }
    g.uart.want = NULL;
    return g.uart.want_seen;
}

int board_press(int cell, uint32_t hold_ms)
{
    board_keys_set((uint16_t)(g.keys.keys | (1u << cell)));
    int r = board_run_ms(hold_ms);
    board_keys_set((uint16_t)(g.keys.keys & ~(1u << cell)));
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
    static const uint8_t led_rows[BOARD_ROWS] = BOARD_LED_ROW_PINS;
    static const uint8_t led_red[BOARD_COLS] = BOARD_LED_RED_PINS;
    static const uint8_t led_green[BOARD_COLS] = BOARD_LED_GREEN_PINS;
    static const uint8_t key_rows[BOARD_ROWS] = BOARD_KEY_ROW_PINS;
    static const uint8_t key_cols[BOARD_COLS] = BOARD_KEY_COL_PINS;
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
    avr_vcd_add_signal(&g.vcd, g.sound.irq + SOUNDER_IRQ_PIN, 1, "sound");
    avr_vcd_add_signal(&g.vcd, avr_io_getirq(g.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                       8, "uart_tx_byte");
    avr_vcd_add_signal(&g.vcd, avr_io_getirq(g.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT),
                       8, "uart_rx_byte");
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

/* ---- cycle stamps -------------------------------------------------------------- */

/* One line per event, its cycle first (board.h, board_stamps). */
static void stamp(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    if (g.resetting)
        return;
    const char *what = param;
    uint64_t cycle = strcmp(what, "sound") ? g.avr->cycle : g.sound.last_edge; /* its tick's */
    fprintf(g.stamps, "%llu %s %x\n", (unsigned long long)cycle, what, (unsigned)value);
}

int board_stamps(const char *path)
{
    g.stamps = fopen(path, "w");
    if (!g.stamps)
        return -1;
    static const char *const what[] = {"tx", "leds", "sound", "keys", "rxd"};
    avr_irq_t *irqs[] = {avr_io_getirq(g.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                         g.leds.irq + LED_PICTURE_IRQ_DIES, g.sound.irq + SOUNDER_IRQ_PIN,
                         g.keys.irq + KEY_MATRIX_IRQ_KEYS, g.uart.irq + HOST_UART_IRQ_RXD};
    for (unsigned i = 0; i < sizeof irqs / sizeof irqs[0]; i++)
        avr_irq_register_notify(irqs[i], stamp, (void *)what[i]);
    return 0;
}

void board_stamps_stop(void)
{
    if (g.stamps)
        fclose(g.stamps);
    g.stamps = NULL;
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
