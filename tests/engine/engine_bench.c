/* tests/engine/engine_bench.c - runs tests/engine/engine_bench_fw.c's image in simavr and prints the
 * engine's figures (`name value` lines) in exact simulated cycles.
 * Between a start and a stop mark it follows the stack pointer after every instruction,
 * so the stack figures are measured peaks, return addresses and saved registers
 * included. Exit status 1 if the image crashes or never finishes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <stdarg.h>

#include "bench_marks.h"

typedef struct {
    uint64_t count, total, max, first, start;
    uint16_t sp_start, sp_min;
    uint16_t stack_max;
} bench_stat_t;

static bench_stat_t bench_stats[BENCH_KINDS];
static int bench_kind = -1, bench_done;

static uint16_t bench_sp(const avr_t *avr)
{
    return (uint16_t)(avr->data[R_SPL] | avr->data[R_SPH] << 8);
}

static void bench_mark(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    uint8_t kind = avr->data[BENCH_GPIOR1_ADDR];
    if (v == BENCH_DONE) {
        bench_done = 1;
    } else if (v == BENCH_START && kind < BENCH_KINDS) {
        bench_kind = kind;
        bench_stats[kind].start = avr->cycle;
        bench_stats[kind].sp_start = bench_stats[kind].sp_min = bench_sp(avr);
    } else if (v == BENCH_STOP && bench_kind >= 0) {
        bench_stat_t *s = &bench_stats[bench_kind];
        uint64_t cycles = avr->cycle - s->start;
        if (!s->count++)
            s->first = cycles;
        s->total += cycles;
        if (cycles > s->max)
            s->max = cycles;
        if (s->sp_start - s->sp_min > s->stack_max)
            s->stack_max = (uint16_t)(s->sp_start - s->sp_min);
        bench_kind = -1;
    }
}

/* simavr's own chatter ("Loaded N .text ...") would mix with the figures on stdout. */
static void bench_logger(avr_t *avr, const int level, const char *format, va_list ap)
{
    (void)avr;
    if (level <= LOG_WARNING)
        vfprintf(stderr, format, ap);
}

/* The image loaded into a fresh ATmega328P at 16 MHz, the marks hooked; NULL after a
 * message if it cannot be. */
static avr_t *bench_load(const char *path)
{
    static elf_firmware_t fw; /* large; zeroed as a static */
    if (elf_read_firmware(path, &fw) != 0) {
        fprintf(stderr, "engine_bench: cannot read %s\n", path);
        return NULL;
    }
    avr_t *avr = avr_make_mcu_by_name("atmega328p");
    if (!avr)
        return NULL;
    avr_init(avr);
    avr->log = LOG_ERROR;
    avr_load_firmware(avr, &fw);
    avr->frequency = 16000000;
    avr_register_io_write(avr, BENCH_GPIOR0_ADDR, bench_mark, NULL);
    return avr;
}

/* Run to the end mark, following the stack pointer inside a measurement. 0, or 1 after a
 * message if the image stops or never ends. */
static int bench_run(avr_t *avr)
{
    const uint64_t limit = 8000000000ull; /* far above the ~1 G cycles needed */
    while (!bench_done && avr->cycle < limit) {
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            fprintf(stderr, "engine_bench: the image stopped (state %d)\n", state);
            return 1;
        }
        if (bench_kind >= 0) {
            uint16_t sp = bench_sp(avr);
            if (sp < bench_stats[bench_kind].sp_min)
                bench_stats[bench_kind].sp_min = sp;
        }
    }
    if (!bench_done) {
        fprintf(stderr, "engine_bench: no end mark after %llu cycles\n", (unsigned long long)limit);
        return 1;
    }
    return 0;
}

/* A kind's rounded mean in cycles, the marks' own cost taken off. */
static unsigned long long bench_mean(const bench_stat_t *s, uint64_t overhead)
{
    return (unsigned long long)((s->total + s->count / 2) / s->count - overhead);
}

/* The figures, `name value` lines; 1 after a message if not every position was measured. */
static int bench_print(void)
{
    uint64_t overhead = bench_stats[BENCH_CALIBRATE].max; /* the mark writes themselves */
    const bench_stat_t *t = &bench_stats[BENCH_TABLE_MOVE], *s = &bench_stats[BENCH_SOLVER_MOVE];
    if (t->count != 4520 || s->count != 4520) {
        fprintf(stderr, "engine_bench: measured %llu/%llu positions, want 4520\n",
                (unsigned long long)t->count, (unsigned long long)s->count);
        return 1;
    }
    printf("table_move_cycles_max %llu\n", (unsigned long long)(t->max - overhead));
    printf("table_move_cycles_mean %llu\n", bench_mean(t, overhead));
    /* The empty board is the first position measured (code 0), so it is one of the
     * positions the maximum is taken over: max >= empty holds by construction. */
    printf("solver_move_cycles_empty %llu\n", (unsigned long long)(s->first - overhead));
    printf("solver_move_cycles_max %llu\n", (unsigned long long)(s->max - overhead));
    printf("solver_move_cycles_mean %llu\n", bench_mean(s, overhead));
    printf("solver_stack_bytes %u\n", (unsigned)s->stack_max);
    printf("table_move_stack_bytes %u\n", (unsigned)t->stack_max);
    const bench_stat_t *a = &bench_stats[BENCH_AI_MOVE], *c = &bench_stats[BENCH_SOLVER_CELLS];
    printf("ai_move_cycles_max %llu\n", (unsigned long long)(a->max - overhead));
    printf("ai_move_cycles_mean %llu\n", bench_mean(a, overhead));
    printf("ai_move_stack_bytes %u\n", (unsigned)a->stack_max);
    printf("solver_cells_cycles_max %llu\n", (unsigned long long)(c->max - overhead));
    printf("solver_cells_cycles_mean %llu\n", bench_mean(c, overhead));
    printf("baseline_minimax_cycles_empty %llu\n",
           (unsigned long long)(bench_stats[BENCH_BASELINE_EMPTY].max - overhead));
    printf("baseline_minimax_stack_bytes %u\n", (unsigned)bench_stats[BENCH_BASELINE_EMPTY].stack_max);
    return 0;
}

static void bench_line(const char *name, unsigned long long value)
{
    printf("%s %llu\n", name, value);
}

/* The variant games' figures; 1 after a message if not every state was measured. */
static int bench_print_variants(uint64_t overhead)
{
    const bench_stat_t *m = &bench_stats[BENCH_MISERE_AI_MOVE],
                       *ms = &bench_stats[BENCH_MISERE_SOLVER_MOVE],
                       *mc = &bench_stats[BENCH_MISERE_SOLVER_CELLS],
                       *f = &bench_stats[BENCH_FADE_AI_MOVE], *fo = &bench_stats[BENCH_FADE_OUTCOME];
    if (m->count != 4520 || ms->count != 4520 || f->count != 116074) {
        fprintf(stderr, "engine_bench: measured %llu/%llu misere positions, want 4520, and "
                        "%llu fading states, want 116074\n", (unsigned long long)m->count,
                (unsigned long long)ms->count, (unsigned long long)f->count);
        return 1;
    }
    bench_line("misere_ai_move_cycles_max", m->max - overhead);
    bench_line("misere_ai_move_cycles_mean", bench_mean(m, overhead));
    bench_line("misere_ai_move_stack_bytes", m->stack_max);
    bench_line("misere_solver_move_cycles_empty", ms->first - overhead);
    bench_line("misere_solver_move_cycles_max", ms->max - overhead);
    bench_line("misere_solver_move_cycles_mean", bench_mean(ms, overhead));
    bench_line("misere_solver_stack_bytes", ms->stack_max);
    bench_line("misere_solver_cells_cycles_max", mc->max - overhead);
    bench_line("fading_ai_move_cycles_max", f->max - overhead);
    bench_line("fading_ai_move_cycles_mean", bench_mean(f, overhead));
    bench_line("fading_ai_move_stack_bytes", f->stack_max);
    bench_line("fading_outcome_cycles_max", fo->max - overhead);
    bench_line("fading_outcome_stack_bytes", fo->stack_max);
    bench_line("fading_table_check_cycles", bench_stats[BENCH_FADE_CHECK].max - overhead);
    return 0;
}

int main(int argc, char **argv)
{
    avr_global_logger_set(bench_logger);
    if (argc != 2) {
        fprintf(stderr, "usage: engine_bench ELF\n");
        return 2;
    }
    avr_t *avr = bench_load(argv[1]);
    if (!avr || bench_run(avr) != 0)
        return 1;
    return bench_print() || bench_print_variants(bench_stats[BENCH_CALIBRATE].max);
}
