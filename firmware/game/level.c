/* firmware/game/level.c - difficulty levels: the perfect engine move, or with a level's
 * probability a different empty cell drawn from a xorshift16 generator (no division:
 * the chance is a byte compare, the choice a byte multiply).
 * Deterministic for a given generator state, so tests replay games exactly. */
#include "level.h"
#include "engine.h"
#include "stats.h"

uint16_t level_rand(uint16_t *state)
{
    uint16_t x = *state ? *state : 1u;
    x ^= (uint16_t)(x << 7);
    x ^= (uint16_t)(x >> 9);
    x ^= (uint16_t)(x << 8);
    *state = x;
    return x;
}

void level_stir(uint16_t *state, uint16_t entropy)
{
    *state ^= entropy; /* the generator's step spreads it over the state */
    (void)level_rand(state);
}

uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state)
{
    uint16_t others = (uint16_t)(~(p.x | p.o) & POS_ALL);
    uint8_t best = engine_move(p);
    uint8_t odds = level == LEVEL_EASY ? LEVEL_EASY_MISTAKE_256 : (uint8_t)(level << 6);
    uint8_t k;
    _Static_assert(LEVEL_PERFECT == 0 && LEVEL_MEDIUM << 6 == LEVEL_MEDIUM_MISTAKE_256,
                   "odds = level << 6 for perfect (0) and medium");
    others &= (uint16_t)~(1u << best);
    if (others == 0 || (uint8_t)(level_rand(state) >> 8) >= odds) {
        return best;
    }
    /* The k-th other empty cell, k = floor(r * count / 256) for a byte r: uniform
     * within 1/256 over 0..count-1. */
    k = (uint8_t)(((uint16_t)(uint8_t)level_rand(state) * pos_count(others)) >> 8);
    while (k--) {
        others &= (uint16_t)(others - 1u);
    }
    return pos_first_cell(others);
}
