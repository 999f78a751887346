/* tests/hal/hal_bench.c - runs the real AVR HAL in simavr (libsimavr) on the bench firmware
 * (tests/hal/hal_bench_fw.c), ATmega328P at 16 MHz, with a model of the shield's key
 * matrix (pull-ups on the sense columns, a diode per switch) attached to port C.
 *
 *   hal_bench FW.elf MAP             `make bench`: 1 simulated second after a 100 ms
 *                                    warm-up, prints `name value` lines:
 *     led_frame_hz     display frames per second: rising edges of LED row 0 (PB0), from
 *                      the first to the last edge in the window
 *     isr_cpu_percent  share of cycles spent in the Timer0 compare ISR (vector taken to
 *                      reti, plus the 4-cycle interrupt response); the CPU otherwise
 *                      sleeps in idle
 *     isr_cycles_mean, isr_cycles_max  the same per interrupt
 *     hal_flash_bytes  flash taken by HAL objects (.text/.data/.rodata/.progmem/.init
 *                      input sections of libhal.a / hal/ objects) in MAP, the map of the
 *                      firmware built without -flto (with -flto every function lands in
 *                      one anonymous object); no HAL object in MAP is an error
 *   hal_bench --check FW.elf MAP     test: presses keys through the matrix model and
 *                      checks the events on the serial port, and that the display
 *                      never has two rows on, nor changes columns while a row is on.
 *
 * Sleep is fast-forwarded (simavr's default sleep waits in real time). Exit status is
 * the verdict. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "avr_ioport.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"

#define BENCH_F_CPU 16000000ul
#define MS(n) ((uint64_t)(n) * (BENCH_F_CPU / 1000u))
#define TIMER0_COMPA_VECTOR 14u /* ATmega328P vector table, datasheet table 11-1 */
#define VECTOR_BYTES 4u         /* jmp instructions */
#define OP_RETI 0x9518u

/* Shield r1 wiring (board/uno_shield_r1/pins.h): LED rows PB0..2, color columns
 * PD2..7, key drive rows PC3..5, key sense columns PC0..2. */
#define ROW_PIN(r) ((uint8_t)(r))
#define KEY_ROW_BIT(r) ((uint8_t)(3u + (r)))
#define KEY_COL_BIT(c) ((uint8_t)(c))

static avr_t *avr;
static uint64_t row0_edges, first_edge, last_edge, measure_from = ~0ull;
static uint8_t rows_on, ddr_c;
static uint16_t keys_closed;
static unsigned violations;
static char uart_out[4096];
static size_t uart_len;
static uint64_t isr_cycles, isr_count, isr_max;

static void bench_sleep(avr_t *a, avr_cycle_count_t how_long)
{
    (void)a; /* no real-time wait: the core adds the skipped cycles itself */
    (void)how_long;
}

static void led_row_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    uint8_t r = (uint8_t)(uintptr_t)param;
    (void)irq;
    rows_on = (uint8_t)(value ? rows_on | (1u << r) : rows_on & ~(1u << r));
    if (rows_on & (rows_on - 1u)) {
        if (violations++ < 5)
            fprintf(stderr, "hal_bench: two LED rows on at cycle %llu\n",
                    (unsigned long long)avr->cycle);
    }
    if (r == 0 && value && avr->cycle >= measure_from) {
        if (!row0_edges++)
            first_edge = avr->cycle;
        last_edge = avr->cycle;
    }
}

static void led_col_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    if (rows_on && violations++ < 5)
        fprintf(stderr, "hal_bench: LED column changed while a row was on, cycle %llu\n",
                (unsigned long long)avr->cycle);
}

/* Key matrix model: a sense column reads low when a closed switch joins it, through
 * its diode, to a drive row that is an output (its PORT bit is 0); else the pull-up
 * holds it high. */
static void matrix_update(void)
{
    avr_ioport_external_t ext = {.name = 'C', .mask = 0, .value = 0};
    for (uint8_t c = 0; c < 3; c++) {
        uint8_t low = 0;
        for (uint8_t r = 0; r < 3; r++)
            if (((ddr_c >> KEY_ROW_BIT(r)) & 1u) && ((keys_closed >> (3u * r + c)) & 1u))
                low = 1;
        ext.mask |= (uint8_t)(1u << KEY_COL_BIT(c));
        if (!low)
            ext.value |= (uint8_t)(1u << KEY_COL_BIT(c));
        avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('C'), KEY_COL_BIT(c)),
                      low ? 0 : 1);
    }
    /* simavr re-applies "external" levels (else the internal pull-up) to input pins on
     * every PORTC/DDRC write; tell it the matrix levels so the LED ISR's PORTC writes
     * do not undo a pressed key */
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL('C'), &ext);
}

/* simavr notifies a DDR write before it re-applies the pin levels, so the matrix is
 * updated once the instruction has completed (run_until); the firmware reads the
 * columns 500 us later. */
static int matrix_dirty;
static void ddr_c_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    ddr_c = (uint8_t)value;
    matrix_dirty = 1;
}

static void uart_byte(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    if (uart_len < sizeof uart_out - 1u)
        uart_out[uart_len++] = (char)value;
    uart_out[uart_len] = '\0';
}

/* Run until the cycle counter reaches `until`, accounting Timer0 ISR cycles. */
static int run_until(uint64_t until)
{
    static int in_isr;
    static uint64_t entered;
    const uint32_t vector_pc = TIMER0_COMPA_VECTOR * VECTOR_BYTES;

    while (avr->cycle < until) {
        uint32_t pc = avr->pc;
        uint16_t op = (uint16_t)(avr->flash[pc] | (avr->flash[pc + 1] << 8));
        int state = avr_run(avr);
        if (matrix_dirty) {
            matrix_dirty = 0;
            matrix_update();
        }
        if (state == cpu_Done || state == cpu_Crashed) {
            fprintf(stderr, "hal_bench: the firmware stopped (state %d) at pc 0x%x\n", state,
                    (unsigned)avr->pc);
            return 0;
        }
        if (!in_isr && avr->pc == vector_pc) {
            /* The call that took the vector may also have slept up to this cycle, so
             * start counting here and add the datasheet's 4-cycle interrupt response
             * (section 6.7.1: push PC, clear I) for the entry itself. */
            in_isr = 1;
            entered = avr->cycle;
        } else if (in_isr && op == OP_RETI) {
            uint64_t n = avr->cycle - entered + 4u;
            in_isr = 0;
            if (entered >= measure_from) {
                isr_cycles += n;
                isr_count++;
                if (n > isr_max)
                    isr_max = n;
            }
        }
    }
    return 1;
}

/* Sum the sizes of flash input sections of HAL objects in a GNU ld map file. */
static long hal_flash_bytes(const char *map_path)
{
    FILE *f = fopen(map_path, "r");
    char line[512], pending[512] = "";
    long total = 0;
    int in_map = 0;

    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        char sect[256], obj[300];
        unsigned long addr, size;
        if (strstr(line, "Linker script and memory map"))
            in_map = 1;
        if (!in_map)
            continue;
        if (line[0] == ' ' && line[1] == '.' && !strchr(line + 1, ' ')) {
            /* long section name alone on its line; numbers follow on the next */
            snprintf(pending, sizeof pending, "%s", line + 1);
            pending[strcspn(pending, "\n")] = '\0';
            continue;
        }
        if (pending[0] && sscanf(line, " 0x%lx 0x%lx %299s", &addr, &size, obj) == 3) {
            snprintf(sect, sizeof sect, "%s", pending);
        } else if (sscanf(line, " %255s 0x%lx 0x%lx %299s", sect, &addr, &size, obj) != 4) {
            pending[0] = '\0';
            continue;
        }
        pending[0] = '\0';
        /* HAL objects: members of libhal.a or hal/ sources linked directly (not the
         * bench's own main in tests/hal/) */
        if (sect[0] != '.' || (!strstr(obj, "libhal.a(") && !strstr(obj, "/obj/hal/")))
            continue;
        if (strncmp(sect, ".text", 5) == 0 || strncmp(sect, ".data", 5) == 0 ||
            strncmp(sect, ".rodata", 7) == 0 || strncmp(sect, ".progmem", 8) == 0 ||
            strncmp(sect, ".init", 5) == 0)
            total += (long)size;
    }
    fclose(f);
    return total;
}

static int load(const char *elf)
{
    elf_firmware_t fw;
    int rc, saved_stdout;

    memset(&fw, 0, sizeof fw);
    /* simavr 1.6 prints "Loaded ..." on stdout while loading: keep stdout for the
     * `name value` lines by pointing it at stderr meanwhile. */
    fflush(stdout);
    saved_stdout = dup(1);
    dup2(2, 1);
    rc = elf_read_firmware(elf, &fw);
    fflush(stdout);
    dup2(saved_stdout, 1);
    close(saved_stdout);
    if (rc != 0) {
        fprintf(stderr, "hal_bench: cannot read %s\n", elf);
        return 0;
    }
    avr = avr_make_mcu_by_name("atmega328p");
    if (!avr) {
        fprintf(stderr, "hal_bench: simavr has no atmega328p\n");
        return 0;
    }
    avr_init(avr);
    avr->log = 0;
    avr_load_firmware(avr, &fw);
    avr->frequency = BENCH_F_CPU;
    avr->sleep = bench_sleep;
    for (uintptr_t r = 0; r < 3; r++)
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), ROW_PIN(r)),
                                led_row_changed, (void *)r);
    for (int c = 2; c < 8; c++)
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), c),
                                led_col_changed, NULL);
    avr_irq_register_notify(
        avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('C'), IOPORT_IRQ_DIRECTION_ALL),
        ddr_c_changed, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_byte, NULL);
    matrix_update(); /* pull-ups: every column high */
    return 1;
}

static int bench(void)
{
    measure_from = MS(100);
    if (!run_until(MS(1100)))
        return 1;
    if (row0_edges < 2 || violations) {
        fprintf(stderr, "hal_bench: display broken (%llu row edges, %u violations)\n",
                (unsigned long long)row0_edges, violations);
        return 1;
    }
    printf("led_frame_hz %.1f\n",
           (double)(row0_edges - 1u) * BENCH_F_CPU / (double)(last_edge - first_edge));
    printf("isr_cpu_percent %.2f\n", 100.0 * (double)isr_cycles / (double)MS(1000));
    printf("isr_cycles_mean %.1f\n", isr_count ? (double)isr_cycles / isr_count : 0.0);
    printf("isr_cycles_max %llu\n", (unsigned long long)isr_max);
    fprintf(stderr, "hal_bench: %llu timer ISRs in 1 s\n", (unsigned long long)isr_count);
    return 0;
}

static unsigned passed, failed;

static int by_char(const void *a, const void *b)
{
    return *(const char *)a - *(const char *)b;
}

/* The serial output must be `want`; with any_order, the same events in any order
 * (keys released together show up up to 1.5 ms apart, in scan order). */
static void expect_output(const char *what, const char *want, int any_order)
{
    char got_sorted[sizeof uart_out], want_sorted[64];
    snprintf(got_sorted, sizeof got_sorted, "%s", uart_out);
    snprintf(want_sorted, sizeof want_sorted, "%s", want);
    if (any_order) {
        qsort(got_sorted, strlen(got_sorted), 1, by_char);
        qsort(want_sorted, strlen(want_sorted), 1, by_char);
    }
    if (strcmp(got_sorted, want_sorted) == 0) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "hal_avr_check: %s: serial output \"%s\", want \"%s\"\n", what,
                uart_out, want);
    }
    uart_len = 0;
    uart_out[0] = '\0';
}

/* Close exactly the keys in `closed` (bit i = cell i) and run `ms` more simulated ms. */
static void keys_hold(uint64_t *t, uint16_t closed, uint32_t ms)
{
    keys_closed = closed;
    matrix_update();
    *t += MS(ms);
    run_until(*t);
}

/* Key scenarios replayed on the real HAL: each sets the matrix at given times and
 * expects the events (as the bench firmware prints them) on the serial port. */
static int check(void)
{
    uint64_t t = MS(100);
    if (!run_until(t))
        return 1;
    expect_output("boot banner", "hal_bench: ready\n", 0);

    /* clean 80 ms tap of cell 5 (index 4, centre) */
    keys_hold(&t, 1u << 4, 80);
    keys_hold(&t, 0, 100);
    expect_output("tap cell 5", "5e", 0);

    /* 8 ms of contact bounce (1 ms toggles) on press and release of cell 9 */
    for (int i = 0; i < 8; i++) {
        keys_hold(&t, (i & 1) ? 0 : 1u << 8, 1);
    }
    keys_hold(&t, 1u << 8, 100);
    for (int i = 0; i < 8; i++) {
        keys_hold(&t, (i & 1) ? 1u << 8 : 0, 1);
    }
    keys_hold(&t, 0, 100);
    expect_output("bouncing cell 9", "9i", 0);

    /* a key held 1 s: one press, one release (the game times long presses) */
    keys_hold(&t, 1u << 0, 1000);
    keys_hold(&t, 0, 100);
    expect_output("cell 1 held 1 s", "1a", 0);

    /* a 6 ms contact is no press, nor two 4 ms ones 3 ms apart */
    keys_hold(&t, 1u << 2, 6);
    keys_hold(&t, 0, 3);
    keys_hold(&t, 1u << 2, 4);
    keys_hold(&t, 0, 100);
    expect_output("short contacts on cell 3", "", 0);

    /* three keys in an L (cells 1, 2, 4): without diodes cell 5 would ghost */
    keys_hold(&t, (1u << 0) | (1u << 1) | (1u << 3), 100);
    keys_hold(&t, 0, 100);
    expect_output("L of three keys, no ghost", "124abd", 1);

    if (violations) {
        failed++;
        fprintf(stderr, "hal_avr_check: %u display violations\n", violations);
    } else {
        passed++;
    }
    printf("hal_avr_check: %u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    int checking = argc == 4 && strcmp(argv[1], "--check") == 0;
    if (argc != 3 && !checking) {
        fprintf(stderr, "usage: %s [--check] FIRMWARE.elf MAP\n", argv[0]);
        return 2;
    }
    if (!load(argv[checking ? 2 : 1]))
        return 1;
    if (checking)
        return check();
    if (bench())
        return 1;
    long flash = hal_flash_bytes(argv[2]);
    if (flash <= 0) {
        fprintf(stderr, "hal_bench: no HAL object in %s (a map of a build without -flto?)\n",
                argv[2]);
        return 1;
    }
    printf("hal_flash_bytes %ld\n", flash);
    return 0;
}
