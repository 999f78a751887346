/* tests/engine/engine_all_size_fw.c - the engine of all three games linked alone (their
 * tables, look-ups, the solver, the rules, the per-rule API), so `make bench` can report
 * the flash it takes against tests/engine/empty_size_fw.c. */
#include <stdint.h>

#include "play.h"

static volatile uint8_t size_rule, size_cell;
static volatile uint16_t size_sink;

int main(void)
{
    state_t s = state_start();
    uint8_t rule = size_rule;
    play_init();
    size_sink = play_table_ok(rule);
    size_sink = play_best_cells(rule, &s);
    size_sink = (uint16_t)play_outcome(rule, &s).result;
    size_sink = state_wins(rule, &s) | state_losses(rule, &s);
    size_sink = state_vanishing(rule, &s, PLAYER_X) + state_winner(rule, &s);
    if (state_is_legal(rule, &s) && !state_is_over(rule, &s))
        state_play(rule, &s, play_move(rule, &s));
    size_sink = s.pos.x + size_cell;
    return 0;
}
