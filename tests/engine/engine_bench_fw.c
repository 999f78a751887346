/* tests/engine/engine_bench_fw.c - AVR program for `make bench`: runs the engine on every
 * position inside marks that tests/engine/engine_bench.c times in simulated cycles.
 * Protocol: GPIOR1 = what is measured (BENCH_*), then GPIOR0 = BENCH_START ... GPIOR0 =
 * BENCH_STOP around one call; GPIOR0 = BENCH_DONE at the end. It also holds the textbook
 * recursive minimax for comparison: this image is a benchmark, never the product, and
 * the product's no-recursion check does not look at it. */
#include <avr/io.h>
#include <stdint.h>

#include "bench_marks.h"
#include "engine.h"
#include "solver.h"

static volatile uint8_t bench_sink;

#define BENCH_MEASURE(what, call)                                                         \
    do {                                                                                  \
        GPIOR1 = (what);                                                                  \
        GPIOR0 = BENCH_START;                                                             \
        bench_sink = (uint8_t)(call);                                                     \
        GPIOR0 = BENCH_STOP;                                                              \
    } while (0)

/* ---- the textbook algorithm, for the ratio: int board, recursion, no pruning ------ */
static int baseline_board[9];
static const uint8_t baseline_lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                             {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int baseline_winner(void)
{
    for (int l = 0; l < 8; l++) {
        int a = baseline_board[baseline_lines[l][0]];
        if (a && a == baseline_board[baseline_lines[l][1]] && a == baseline_board[baseline_lines[l][2]])
            return a;
    }
    return 0;
}

/* Score for X: +1 X wins, -1 O wins, 0 draw. */
static int baseline_minimax(int player)
{
    int w = baseline_winner();
    if (w)
        return w == 1 ? 1 : -1;
    int best = player == 1 ? -2 : 2, moved = 0;
    for (int i = 0; i < 9; i++) {
        if (baseline_board[i])
            continue;
        moved = 1;
        baseline_board[i] = player;
        int s = baseline_minimax(3 - player);
        baseline_board[i] = 0;
        if (player == 1 ? s > best : s < best)
            best = s;
    }
    return moved ? best : 0;
}

static int baseline_best_move(void)
{
    int best = -2, cell = -1;
    for (int i = 0; i < 9; i++) {
        baseline_board[i] = 1;
        int s = baseline_minimax(2);
        baseline_board[i] = 0;
        if (s > best) {
            best = s;
            cell = i;
        }
    }
    return cell;
}

/* Every unfinished position in code order; code 0, the empty board, comes first (the
 * harness reports its solver figure on its own). */
int main(void)
{
    engine_init();
    BENCH_MEASURE(BENCH_CALIBRATE, 0);
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        if (!pos_is_legal(p) || pos_is_over(p))
            continue;
        BENCH_MEASURE(BENCH_TABLE_MOVE, engine_move(p));
        BENCH_MEASURE(BENCH_SOLVER_MOVE, solver_move(p));
        BENCH_MEASURE(BENCH_AI_MOVE, engine_best_cells(p));
        if (pos_forced_move(p) == POS_NO_MOVE)
            BENCH_MEASURE(BENCH_SOLVER_CELLS, solver_hard_cells(p));
    }
    BENCH_MEASURE(BENCH_BASELINE_EMPTY, baseline_best_move());
    GPIOR0 = BENCH_DONE;
    for (;;)
        ;
}
