/* tests/sim/proof_sound.c - `make bench` figures of the sounder, on the firmware:
 *   sound_latency_ms      the longest from a tap's release to its sound's (the move's
 *                         voice, a click where it makes none) first edge on
 *                         the sounder's pin, over 45 taps (each cell, five hold lengths
 *                         a little apart, so the release falls at other phases of the
 *                         2 kHz tick), each forked from one booted board;
 *   isr_cpu_percent_tone  the timer interrupts' share of the cycles (vectors taken to
 *                         RETI, sim/board.h) while a tone plays (Timer2 clocked with OC2A
 *                         toggling), over a two-player game by taps: clicks and the win;
 *   isr_cpu_percent_no_tone  the same in that game's silences.
 * Figures only: a tap without a click or a game without a tone is an error. */
#define _GNU_SOURCE
#include "proof.h"

#include <sim_avr.h>

#define TCCR2A_ADDR 0xb0u
#define TCCR2B_ADDR 0xb1u
#define TIMER_VECTOR_FIRST 7u /* TIMER2_COMPA_vect ... TIMER0_OVF_vect, datasheet table 11-1 */
#define TIMER_VECTOR_LAST 16u
#define LATENCY_HOLDS 5
#define LATENCY_WAIT_MS 100

static uint64_t first_edge;

static void on_edge(uint64_t cycle, int level, void *ctx)
{
    (void)level;
    (void)ctx;
    if (!first_edge)
        first_edge = cycle;
}

/* In a fork: tap cell for hold_us, then the time from the release to the first edge on
 * the sounder's pin, in ms (-1: none within LATENCY_WAIT_MS). Does not return. */
__attribute__((noreturn)) static void latency_child(int fd, int cell, uint32_t hold_us)
{
    board_keys_set((uint16_t)(1u << cell));
    board_run_until(board_now() + (uint64_t)hold_us * (BOARD_F_CPU / 1000000u));
    board_keys_set(0);
    uint64_t t0 = board_now();
    first_edge = 0;
    board_on_sound(on_edge, NULL);
    board_run_ms(LATENCY_WAIT_MS);
    double ms = first_edge ? (double)(first_edge - t0) * 1000.0 / BOARD_F_CPU : -1.0;
    finish_sim(fd, &ms, sizeof ms);
}

/* The longest release-to-click over the taps; -1 after printing why. */
static double measure_latency(void)
{
    double worst = 0;
    for (int cell = 0; cell < 9; cell++)
        for (int k = 0; k < LATENCY_HOLDS; k++) {
            int fd;
            double ms = -1;
            uint32_t hold_us = BOARD_PRESS_MS * 1000u + 137u * (uint32_t)k; /* ~0.27 tick */
            pid_t pid = fork_sim(&fd);
            if (pid == 0)
                latency_child(fd, cell, hold_us);
            if (pid < 0 || collect_sim(pid, fd, &ms, sizeof ms, "sound latency") != 0 || ms < 0) {
                printf("sim_sound: FAILED: a tap on cell %d (%u us) made no sound within %d ms "
                       "(an image built for a board without a sounder?)\n",
                       cell + 1, hold_us, LATENCY_WAIT_MS);
                return -1;
            }
            worst = ms > worst ? ms : worst;
        }
    return worst;
}

static int tone_on(void)
{
    const uint8_t *d = board_avr()->data;
    return (d[TCCR2B_ADDR] & 7u) && (d[TCCR2A_ADDR] & 0xc0u) == 0x40u;
}

static uint64_t timer_isr_cycles(void)
{
    uint64_t n = 0;
    for (unsigned v = TIMER_VECTOR_FIRST; v <= TIMER_VECTOR_LAST; v++)
        n += board_status()->isr_cycles[v];
    return n;
}

/* Cycles and timer interrupt cycles: [1] in steps with a tone throughout, [0] without. */
typedef struct {
    uint64_t cycles[2], isr[2];
} tone_count_t;

/* Run ms in 0.25 ms steps, counting each step where a tone played throughout or not at
 * all. */
static void run_counting(uint32_t ms, tone_count_t *c)
{
    const uint64_t step = BOARD_F_CPU / 4000u;
    for (uint32_t i = 0; i < 4u * ms; i++) {
        int on = tone_on();
        uint64_t before = timer_isr_cycles();
        board_run_until(board_now() + step);
        if (on == tone_on()) {
            c->cycles[on] += step;
            c->isr[on] += timer_isr_cycles() - before;
        }
    }
}

/* The timer interrupts' share while a tone plays, in percent (*silent: while none does);
 * -1 after printing why. */
static double measure_isr_tone(double *tone_ms, double *silent)
{
    static const int taps[] = {0, 3, 1, 4, 2}; /* X 1, O 4, X 2, O 5, X 3: X wins */
    tone_count_t c = {{0, 0}, {0, 0}};
    board_serial_line("new 2p");
    board_run_ms(500);
    board_count_isrs(1);
    board_clear_counters();
    for (unsigned i = 0; i < sizeof taps / sizeof taps[0]; i++) {
        board_keys_set((uint16_t)(1u << taps[i]));
        run_counting(BOARD_PRESS_MS, &c);
        board_keys_set(0);
        run_counting(1000, &c);
    }
    board_count_isrs(0);
    *tone_ms = (double)c.cycles[1] * 1000.0 / BOARD_F_CPU;
    *silent = 100.0 * (double)c.isr[0] / (double)c.cycles[0];
    if (*tone_ms < 100) {
        printf("sim_sound: FAILED: a two-player game by taps played %.1f ms of tone\n", *tone_ms);
        return -1;
    }
    return 100.0 * (double)c.isr[1] / (double)c.cycles[1];
}

int cmd_sound(void)
{
    double tone_ms, silent;
    if (boot() != 0)
        return 1;
    double latency = measure_latency();
    double share = latency < 0 ? -1 : measure_isr_tone(&tone_ms, &silent);
    if (share < 0)
        return 1;
    printf("sound_latency_ms %.2f\n", latency);
    printf("isr_cpu_percent_tone %.2f\n", share);
    printf("isr_cpu_percent_no_tone %.2f\n", silent);
    fflush(stdout);
    fprintf(stderr, "sim_sound: %d taps; %.1f ms of tone in a two-player game\n", 9 * LATENCY_HOLDS,
            tone_ms);
    return 0;
}
