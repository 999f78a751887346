/* tests/engine/engine_bench_fw.c - AVR program for `make bench`: runs the engine on every
 * position inside marks that tests/engine/engine_bench.c times in simulated cycles.
 * Protocol: GPIOR1 = what is measured (BENCH_*), then GPIOR0 = BENCH_START ... GPIOR0 =
 * BENCH_STOP around one call; GPIOR0 = BENCH_DONE at the end. It also holds the textbook
 * recursive minimax for comparison: this image is a benchmark, never the product, and
 * the product's no-recursion check does not look at it. */
#include <avr/io.h>
#include <stdbool.h>
#include <stdint.h>

#include "bench_marks.h"
#include "engine.h"
#include "fade.h"
#include "solver.h"
#include "state.h"
#include "sym.h"

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
 * harness reports its solver figures on its own): the normal game, then misère. */
static void bench_boards(void)
{
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        if (!pos_is_legal(p) || pos_is_over(p))
            continue;
        uint8_t k = sym_canonical(p).k; /* the engine's order of the solver's root */
        BENCH_MEASURE(BENCH_TABLE_MOVE, engine_move(p));
        BENCH_MEASURE(BENCH_SOLVER_MOVE, solver_move(p));
        BENCH_MEASURE(BENCH_AI_MOVE, engine_best_cells(p));
        if (pos_forced_move(p) == POS_NO_MOVE)
            BENCH_MEASURE(BENCH_SOLVER_CELLS, solver_hard(p, k, true, false));
        BENCH_MEASURE(BENCH_MISERE_AI_MOVE, engine_misere_best_cells(p));
        BENCH_MEASURE(BENCH_MISERE_SOLVER_MOVE, solver_misere_move(p));
        if (!pos_misere_rule_cells(p))
            BENCH_MEASURE(BENCH_MISERE_SOLVER_CELLS, solver_hard(p, k, true, true));
    }
}

/* A fading queue from three digits (the oldest first, 9: none): false if it is none. */
static bool bench_queue(uint16_t code, uint8_t *queue, uint16_t *mask)
{
    bool ended = false;
    *mask = 0;
    for (uint8_t i = 0; i < FADE_KEEP; i++, code /= 10u) {
        uint8_t cell = (uint8_t)(code % 10u);
        queue[i] = cell == 9u ? POS_NO_MOVE : cell;
        if (cell == 9u) {
            ended = true;
        } else if (ended || (*mask >> cell & 1u)) {
            return false; /* a gap, or a cell twice */
        }
        *mask |= cell == 9u ? 0u : (uint16_t)(1u << cell);
    }
    return true;
}

/* Every unfinished fading state, X to move and O to move, at the fewest plies. */
static void bench_fading(void)
{
    uint16_t sample = 0;
    BENCH_MEASURE(BENCH_FADE_CHECK, fade_init());
    for (uint16_t xq = 0; xq < 1000u; xq++) {
        state_t s = state_start();
        if (!bench_queue(xq, s.queue[0], &s.pos.x))
            continue;
        for (uint16_t oq = 0; oq < 1000u; oq++) {
            if (!bench_queue(oq, s.queue[1], &s.pos.o) || (s.pos.x & s.pos.o))
                continue;
            for (uint8_t o_moves = 0; o_moves < 2u; o_moves++) {
                uint8_t x = pos_count(s.pos.x), o = pos_count(s.pos.o);
                s.to_move = (uint8_t)(PLAYER_X + o_moves);
                s.plies = (uint8_t)(x + o + (o_moves && x == o));
                if (!state_is_legal(RULE_FADING, &s) || state_is_over(RULE_FADING, &s))
                    continue;
                BENCH_MEASURE(BENCH_FADE_AI_MOVE, fade_best_cells(&s));
                if (!(sample++ & 15u))
                    BENCH_MEASURE(BENCH_FADE_OUTCOME, fade_outcome(&s).result);
            }
        }
    }
}

int main(void)
{
    engine_init();
    engine_misere_init();
    BENCH_MEASURE(BENCH_CALIBRATE, 0);
    bench_boards();
    bench_fading();
    BENCH_MEASURE(BENCH_BASELINE_EMPTY, baseline_best_move());
    GPIOR0 = BENCH_DONE;
    for (;;)
        ;
}
