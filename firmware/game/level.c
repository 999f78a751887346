/* firmware/game/level.c - difficulty levels from a linear congruential generator whose
 * state the game stirs with the time of every event (deterministic: tests replay games
 * exactly, and the person's timing picks the AI's moves). */
#include "level.h"

#include <stdbool.h>

#include "engine.h"
#include "play.h"

uint8_t level_rand(uint16_t *state)
{
    /* full period 65536: the increment is odd and the multiplier 1 mod 4 */
    uint16_t x = (uint16_t)(*state * 25173u + 13849u);
    *state = x;
    return (uint8_t)(x >> 8); /* the low bits of such a generator repeat quickly */
}

static bool level_chance(uint16_t *state, uint8_t odds_256)
{
    return level_rand(state) < odds_256;
}

/* Whether a weaker level errs this time: by its odds of overlooking a danger, or with
 * none of playing with no plan; in misère (`again`) a mistake not made gets a second
 * chance (level.h). */
static bool level_errs(uint16_t *state, uint8_t level, bool danger, bool again)
{
    bool easy = level == LEVEL_EASY;
    uint8_t odds = danger ? (easy ? LEVEL_EASY_OVERLOOK_256 : LEVEL_MEDIUM_OVERLOOK_256)
                          : (easy ? LEVEL_EASY_SHALLOW_256 : LEVEL_MEDIUM_SHALLOW_256);
    return level_chance(state, odds) ||
           (again && level_chance(state, easy ? LEVEL_MISERE_EASY_AGAIN_256
                                              : LEVEL_MISERE_MEDIUM_AGAIN_256));
}

uint8_t level_nth(uint16_t cells, uint8_t r)
{
    uint8_t n = (uint8_t)(((uint16_t)r * pos_count(cells)) >> 8);
    uint8_t c = pos_first_cell(cells);
    for (; n; n--)
        c = pos_first_cell(cells &= (uint16_t)(cells - 1u));
    return c;
}

/* The empty cells after which the mover has lost at once: its own line (misère), or a
 * line the opponent completes with its next mark. */
static uint16_t level_blunders(uint8_t rule, const state_t *s)
{
    uint16_t empty = pos_empty(s->pos), bad = 0;
    uint8_t them = (uint8_t)(PLAYER_X + PLAYER_O - s->to_move);
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        uint16_t bit = (uint16_t)(1u << c);
        state_t t = *s;
        if (!(empty & bit)) {
            continue;
        }
        state_play(rule, &t, c);
        if (state_winner(rule, &t) == them || (!state_is_over(rule, &t) && state_wins(rule, &t))) {
            bad |= bit;
        }
    }
    return bad;
}

uint16_t level_cells_rule(uint8_t rule, const state_t *s, uint8_t level, uint16_t *state)
{
    uint16_t wins = state_wins(rule, s), empty = pos_empty(s->pos), danger, mistake;
    if (wins)
        return wins; /* every level sees a win in one */
    if (level != LEVEL_PERFECT) {
        if (rule == RULE_NORMAL) {
            /* the opponent's threats: a person who overlooks them plays elsewhere */
            pos_sides_t sides = pos_sides(s->pos);
            danger = pos_threats(sides.theirs, sides.mine) & empty;
            mistake = empty & (uint16_t)~danger;
        } else {
            /* into the danger, while a move out of it exists */
            danger = level_blunders(rule, s);
            mistake = (empty & (uint16_t)~danger) ? danger : 0u;
        }
        if (!danger)
            mistake = empty; /* no plan beyond wins and blocks: any cell */
        if (mistake && level_errs(state, level, danger != 0, rule == RULE_MISERE))
            return mistake;
    }
    return play_best_cells(rule, s);
}

uint8_t level_pick_rule(uint8_t rule, const state_t *s, uint8_t level, uint16_t *state)
{
    uint16_t cells = level_cells_rule(rule, s, level, state);
    return level_nth(cells, level_rand(state));
}

uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state)
{
    state_t s = state_from_pos(p);
    return level_pick_rule(RULE_NORMAL, &s, level, state);
}
