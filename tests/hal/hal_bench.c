/* tests/hal/hal_bench.c - runs the real AVR HAL in simavr (libsimavr) on the bench firmware
 * (tests/hal/hal_bench_fw.c), ATmega328P at 16 MHz, with a model of the shield's key
 * matrix (pull-ups on the sense columns, a diode per switch) attached to port C.
 *
 *   hal_bench FW.elf MAP             `make bench`: per brightness level (leds_levels.h;
 *                                    the firmware is sent its LEDS_BRIGHT_* digit), 1.6
 *                                    simulated seconds after 20 ms to settle; prints
 *                                    `name value` lines:
 *     led_frame_hz     display frames per second: rising edges of LED row 0 (PB0), from
 *                      the first to the last edge in the window (level full)
 *     isr_cpu_percent_LEVEL  share of cycles spent in Timer0's compare A and B ISRs
 *                      (vector taken to reti, plus the 4-cycle interrupt response); the
 *                      CPU otherwise sleeps in idle; isr_cpu_percent: the highest level
 *     isr_cycles_mean, isr_cycles_max  the same per compare A interrupt (the row step);
 *                      isr_duty_cycles_max per compare B interrupt (dies lit later)
 *     led_duty_permille_LEVEL_full, _dim  the share of the time a lit die is on (mean
 *                      on-stretch over the 1.5 ms frame), steady dies, mean over them
 *     hal_flash_bytes  flash taken by HAL objects (.text/.data/.rodata/.progmem/.init
 *                      input sections of libhal.a / hal/ objects) in MAP, the map of the
 *                      firmware built without -flto (with -flto every function lands in
 *                      one anonymous object); no HAL object in MAP is an error
 *   hal_bench --check FW.elf MAP     test: presses keys through the matrix model and
 *                      checks the events on the serial port; that the display never has
 *                      two rows on, never switches a column off under a lit row, and
 *                      switches one on only to light that row's dies at least 2 us
 *                      before the row goes off (never the next row's columns early); and
 *                      in every level that each die, full and dim, steady and blinking,
 *                      is on for hal/leds_duty.h's share (within 2 us per frame), lit in
 *                      every frame when steady and in half of them, 512 ms a period,
 *                      when blinking.
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

#include "leds_duty.h"

#define BENCH_F_CPU 16000000ul
#define MS(n) ((uint64_t)(n) * (BENCH_F_CPU / 1000u))
#define TIMER0_COMPA_VECTOR 14u /* ATmega328P vector table, datasheet table 11-1 */
#define TIMER0_COMPB_VECTOR 15u
#define FRAME_CYCLES 24000u     /* 3 row steps of 500 us */
#define DUTY_TOL_CYCLES 32u     /* 2 us: interrupt entries and prologues */
#define DIES 18u                /* die 2 * cell + (green) */
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
static uint64_t isr_cycles, isr_a_cycles, isr_count, isr_max, isr_b_max;

/* Each die's light since measure_from: on-stretches (one per frame while lit), their
 * cycles, and the lit stretches of frames (a gap of more than two frames ends one). */
static uint8_t cols_on; /* PD2..7 as bits 0..5: column c red = bit 2c, green 2c + 1 */
static uint32_t dies_on;
static struct {
    uint64_t on_since, on_cycles, pulses, last_off, stretches, first_stretch, last_stretch;
} die[DIES];
static uint64_t col_on_under_row; /* when a column last switched on under a lit row */

static uint32_t dies_lit(void)
{
    uint32_t d = 0;
    for (unsigned r = 0; r < 3; r++)
        if (rows_on & (1u << r))
            for (unsigned k = 0; k < 6; k++)
                if (cols_on & (1u << k))
                    d |= 1ul << (6 * r + k); /* cell 3r + k/2, green when k is odd */
    return d;
}

static void dies_update(void)
{
    uint32_t now = dies_lit(), changed = now ^ dies_on;
    uint64_t t = avr->cycle;
    for (unsigned d = 0; d < DIES; d++) {
        if (!((changed >> d) & 1u))
            continue;
        if ((now >> d) & 1u) {
            die[d].on_since = t;
            if (t >= measure_from) {
                if (!die[d].pulses || t - die[d].last_off > 2u * FRAME_CYCLES) {
                    if (!die[d].stretches++)
                        die[d].first_stretch = t;
                    die[d].last_stretch = t;
                }
                die[d].pulses++;
            }
        } else {
            if (die[d].on_since >= measure_from)
                die[d].on_cycles += t - die[d].on_since;
            die[d].last_off = t;
        }
    }
    dies_on = now;
}

static void measure_start(uint64_t from)
{
    measure_from = from;
    row0_edges = 0;
    isr_cycles = isr_a_cycles = isr_count = isr_max = isr_b_max = 0;
    memset(die, 0, sizeof die);
}

static void bench_sleep(avr_t *a, avr_cycle_count_t how_long)
{
    (void)a; /* no real-time wait: the core adds the skipped cycles itself */
    (void)how_long;
}

static void led_row_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    uint8_t r = (uint8_t)(uintptr_t)param;
    (void)irq;
    if (!value && (rows_on & (1u << r)) && col_on_under_row + DUTY_TOL_CYCLES > avr->cycle &&
        violations++ < 5)
        fprintf(stderr, "hal_bench: LED column switched on just before its row went off, "
                        "cycle %llu\n", (unsigned long long)avr->cycle);
    rows_on = (uint8_t)(value ? rows_on | (1u << r) : rows_on & ~(1u << r));
    dies_update();
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

/* Under a lit row a column may switch on (a die lit later in the step), never off. */
static void led_col_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    uint8_t k = (uint8_t)(uintptr_t)param;
    (void)irq;
    cols_on = (uint8_t)(value ? cols_on | (1u << k) : cols_on & ~(1u << k));
    if (rows_on && !value && violations++ < 5)
        fprintf(stderr, "hal_bench: LED column switched off while a row was on, cycle %llu\n",
                (unsigned long long)avr->cycle);
    if (rows_on && value)
        col_on_under_row = avr->cycle;
    dies_update();
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
    static int in_b;
    const uint32_t vector_pc = TIMER0_COMPA_VECTOR * VECTOR_BYTES;
    const uint32_t vector_b_pc = TIMER0_COMPB_VECTOR * VECTOR_BYTES;

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
        if (!in_isr && (avr->pc == vector_pc || avr->pc == vector_b_pc)) {
            /* The call that took the vector may also have slept up to this cycle, so
             * start counting here and add the datasheet's 4-cycle interrupt response
             * (section 6.7.1: push PC, clear I) for the entry itself. */
            in_isr = 1;
            in_b = avr->pc == vector_b_pc;
            entered = avr->cycle;
        } else if (in_isr && op == OP_RETI) {
            uint64_t n = avr->cycle - entered + 4u;
            in_isr = 0;
            if (entered >= measure_from) {
                isr_cycles += n;
                if (in_b) {
                    if (n > isr_b_max)
                        isr_b_max = n;
                } else {
                    isr_a_cycles += n;
                    isr_count++;
                    if (n > isr_max)
                        isr_max = n;
                }
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
    for (uintptr_t c = 2; c < 8; c++)
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), (int)c),
                                led_col_changed, (void *)(c - 2u));
    avr_irq_register_notify(
        avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('C'), IOPORT_IRQ_DIRECTION_ALL),
        ddr_c_changed, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_byte, NULL);
    matrix_update(); /* pull-ups: every column high */
    return 1;
}

/* The bench firmware's frame (hal_bench_fw.c): all 18 dies, cells 1, 5, 9 dim, cells 7
 * and 9 blinking. */
#define FRAME_DIM 0x111u
#define FRAME_BLINK 0x140u
#define MEASURE_MS 1536u /* three blink periods */
#define BLINK_PERIOD_MS 512u
/* The levels' words (leds_levels.h, the brightest first), by LEDS_BRIGHT_* value. */
#define LEVEL_WORD(id, word, counts) word,
static const char *const level_words[LEDS_BRIGHT_LEVELS] = {LEDS_LEVELS(LEVEL_WORD)};
#define level_names(level) level_words[LEDS_BRIGHT_LEVELS - 1u - (level)]

static void uart_send(uint8_t c)
{
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT), c);
}

/* Level `level` on, 20 ms to settle, then MEASURE_MS measured from *t on. */
static int level_run(uint64_t *t, uint8_t level)
{
    uart_send((uint8_t)('0' + level));
    *t += MS(20);
    if (!run_until(*t))
        return 0;
    measure_start(*t);
    *t += MS(MEASURE_MS);
    if (!run_until(*t))
        return 0;
    for (unsigned d = 0; d < DIES; d++) /* an on-stretch not yet over is not counted */
        if (((dies_on >> d) & 1u) && die[d].on_since >= measure_from && die[d].pulses)
            die[d].pulses--;
    return 1;
}

static int die_dim(unsigned d) { return (FRAME_DIM >> (d / 2u)) & 1u; }
static int die_blinks(unsigned d) { return (FRAME_BLINK >> (d / 2u)) & 1u; }

/* The mean on-stretch of die d in cycles. */
static double die_on_cycles(unsigned d)
{
    return die[d].pulses ? (double)die[d].on_cycles / (double)die[d].pulses : 0.0;
}

/* The mean share of a frame that steady dies, dim or not, are on, in permille. */
static double duty_permille(int dim)
{
    double sum = 0;
    unsigned n = 0;
    for (unsigned d = 0; d < DIES; d++)
        if (die_dim(d) == dim && !die_blinks(d)) {
            sum += die_on_cycles(d);
            n++;
        }
    return 1000.0 * sum / n / FRAME_CYCLES;
}

static int bench(void)
{
    uint64_t t = MS(100);
    double cpu_max = 0;
    uint64_t a_cycles = 0, a_count = 0, a_max = 0, b_max = 0;
    if (!run_until(t))
        return 1;
    for (uint8_t level = 0; level < LEDS_BRIGHT_LEVELS; level++) {
        if (!level_run(&t, level))
            return 1;
        double cpu = 100.0 * (double)isr_cycles / (double)MS(MEASURE_MS);
        printf("isr_cpu_percent_%s %.2f\n", level_names(level), cpu);
        printf("led_duty_permille_%s_full %.1f\n", level_names(level), duty_permille(0));
        printf("led_duty_permille_%s_dim %.1f\n", level_names(level), duty_permille(1));
        cpu_max = cpu > cpu_max ? cpu : cpu_max;
        a_cycles += isr_a_cycles;
        a_count += isr_count;
        a_max = isr_max > a_max ? isr_max : a_max;
        b_max = isr_b_max > b_max ? isr_b_max : b_max;
        if (level == LEDS_BRIGHT_FULL) {
            if (row0_edges < 2 || violations) {
                fprintf(stderr, "hal_bench: display broken (%llu row edges, %u violations)\n",
                        (unsigned long long)row0_edges, violations);
                return 1;
            }
            printf("led_frame_hz %.1f\n",
                   (double)(row0_edges - 1u) * BENCH_F_CPU / (double)(last_edge - first_edge));
        }
    }
    printf("isr_cpu_percent %.2f\n", cpu_max);
    printf("isr_cycles_mean %.1f\n", a_count ? (double)a_cycles / a_count : 0.0);
    printf("isr_cycles_max %llu\n", (unsigned long long)a_max);
    printf("isr_duty_cycles_max %llu\n", (unsigned long long)b_max);
    fprintf(stderr, "hal_bench: %llu timer steps in %u ms\n", (unsigned long long)a_count,
            3u * MEASURE_MS);
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

/* In every level, each die's mean on-stretch is leds_duty.h's within DUTY_TOL_CYCLES; a
 * steady die is lit in every frame, a blinking one in half of them, BLINK_PERIOD_MS a
 * period (within a frame). */
static void check_duty(uint64_t *t)
{
    const double frames = (double)MS(MEASURE_MS) / FRAME_CYCLES;
    for (uint8_t level = 0; level < LEDS_BRIGHT_LEVELS; level++) {
        unsigned bad = 0;
        if (!level_run(t, level)) {
            failed++;
            return;
        }
        for (unsigned d = 0; d < DIES; d++) {
            double want = 64.0 * leds_duty_counts(level, die_dim(d)), on = die_on_cycles(d);
            double lit = (double)die[d].pulses / frames, period = 0;
            if (die[d].stretches > 1)
                period = (double)(die[d].last_stretch - die[d].first_stretch) /
                         (double)(die[d].stretches - 1u) / (double)MS(1);
            int ok = on > want - DUTY_TOL_CYCLES && on < want + DUTY_TOL_CYCLES;
            if (die_blinks(d))
                ok &= lit > 0.49 && lit < 0.51 && period > BLINK_PERIOD_MS - 1.5 &&
                      period < BLINK_PERIOD_MS + 1.5;
            else
                ok &= lit > 1.0 - 2.0 / frames && die[d].stretches == 1;
            if (!ok && bad++ < 3)
                fprintf(stderr,
                        "hal_avr_check: level %s, cell %u %s (%s%s): on %.0f cycles a frame "
                        "(want %.0f), lit in %.3f of the frames, period %.1f ms\n",
                        level_names(level), d / 2u + 1u, (d & 1u) ? "green" : "red",
                        die_dim(d) ? "dim" : "full", die_blinks(d) ? ", blinking" : "", on,
                        want, lit, period);
        }
        if (bad)
            failed++;
        else
            passed++;
    }
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

    check_duty(&t);

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
