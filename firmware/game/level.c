/* firmware/game/level.c - difficulty levels: the perfect engine move, or with a level's
 * probability a different empty cell drawn from a linear congruential generator (no
 * division: the chance is a byte compare, a cell a 4-bit draw).
 * Deterministic for a given generator state, so tests replay games exactly. */
#include "level.h"
#include "engine.h"
#include "stats.h"

uint8_t level_rand(uint16_t *state)
{
    /* full period 65536: the increment is odd and the multiplier 1 mod 4 */
    uint16_t x = (uint16_t)(*state * 25173u + 13849u);
    *state = x;
    return (uint8_t)(x >> 8); /* the low bits of such a generator repeat quickly */
}

uint8_t level_pick(pos_t p, uint8_t level, uint16_t *state)
{
    uint8_t best = engine_move(p);
    uint16_t empty = pos_empty(p);
    uint8_t odds = level == LEVEL_EASY ? LEVEL_EASY_MISTAKE_256 : (uint8_t)(level << 6);
    _Static_assert(LEVEL_PERFECT == 0 && LEVEL_MEDIUM << 6 == LEVEL_MEDIUM_MISTAKE_256,
                   "odds = level << 6 for perfect (0) and medium");
    /* another empty cell than the best one exists when two or more are empty */
    if ((empty & (empty - 1u)) && level_rand(state) < odds) {
        /* Draw 4-bit numbers until one is another empty cell: uniform over them. With
         * one such cell, 128 draws all miss once in 3,800 mistakes; then the best move
         * is played. */
        for (uint8_t i = 0; i < 128u; i++) {
            uint8_t c = (uint8_t)(level_rand(state) >> 4);
            if (c != best && ((empty >> c) & 1u)) {
                return c;
            }
        }
    }
    return best;
}
