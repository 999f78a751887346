/* firmware/game/level.c - difficulty levels from a linear congruential generator whose
 * state the game stirs with the time of every event (deterministic: tests replay games
 * exactly, and the person's timing picks the AI's moves). */
#include "level.h"

#include <stdbool.h>

#include "engine.h"

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

uint16_t level_cells(pos_t p, uint8_t level, uint16_t *state)
{
    pos_sides_t s = pos_sides(p);
    uint16_t empty = pos_empty(p);
    uint16_t wins = pos_threats(s.mine, s.theirs) & empty;
    uint16_t danger = pos_threats(s.theirs, s.mine) & empty;
    bool easy = level == LEVEL_EASY;
    if (wins)
        return wins; /* every level sees a win in one */
    if (level == LEVEL_PERFECT)
        return engine_best_cells(p);
    if (danger) {
        /* a person who overlooks the threat plays elsewhere */
        uint16_t elsewhere = empty & (uint16_t)~danger;
        if (elsewhere &&
            level_chance(state, easy ? LEVEL_EASY_OVERLOOK_256 : LEVEL_MEDIUM_OVERLOOK_256))
            return elsewhere;
    } else if (level_chance(state, easy ? LEVEL_EASY_SHALLOW_256 : LEVEL_MEDIUM_SHALLOW_256)) {
        return empty; /* no plan beyond wins and blocks: any cell */
    }
    return engine_best_cells(p);
}

uint8_t level_nth(uint16_t cells, uint8_t r)
{
    uint8_t n = (uint8_t)(((uint16_t)r * pos_count(cells)) >> 8);
    uint8_t c = pos_first_cell(cells);
    for (; n; n--)
        c = pos_first_cell(cells &= (uint16_t)(cells - 1u));
    return c;
}

uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state)
{
    uint16_t cells = level_cells(p, level, state);
    return level_nth(cells, level_rand(state));
}
