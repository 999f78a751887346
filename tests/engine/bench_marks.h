/* tests/engine/bench_marks.h - the marks an AVR benchmark image writes to GPIOR0/GPIOR1 and the
 * simavr harness listens for (shared by both sides). */
#ifndef BENCH_MARKS_H
#define BENCH_MARKS_H

#define BENCH_START 1
#define BENCH_STOP 2
#define BENCH_DONE 0xFF

enum {
    BENCH_CALIBRATE = 0,
    BENCH_TABLE_MOVE,
    BENCH_SOLVER_MOVE, /* the first one measured is the empty board's */
    BENCH_BASELINE_EMPTY,
    BENCH_AI_MOVE,      /* engine_best_cells() with the table: the AI's move at perfect */
    BENCH_SOLVER_CELLS, /* solver_hard(set): the same set when the solver answers */
    BENCH_MISERE_AI_MOVE,      /* engine_misere_best_cells() with misère's table */
    BENCH_MISERE_SOLVER_MOVE,  /* solver_misere_move(): the first one the empty board's */
    BENCH_MISERE_SOLVER_CELLS, /* solver_hard(set, misère): the fallback's set */
    BENCH_FADE_AI_MOVE,        /* fade_best_cells() with fading's table, every state */
    BENCH_FADE_OUTCOME,        /* fade_outcome(), a sixteenth of the states */
    BENCH_FADE_CHECK,          /* fade_init(): the CRC of fading's table at boot */
    BENCH_KINDS
};

/* Data-space addresses (I/O address + 0x20) of the ATmega328P registers used. */
#define BENCH_GPIOR0_ADDR 0x3E
#define BENCH_GPIOR1_ADDR 0x4A

#endif
