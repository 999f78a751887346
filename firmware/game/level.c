/* firmware/game/level.c - difficulty levels: the engine's move, or with the level's odds
 * another empty cell from a linear congruential generator (deterministic: tests replay
 * games exactly). */
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
    uint8_t odds = level == LEVEL_EASY     ? LEVEL_EASY_MISTAKE_256
                   : level == LEVEL_MEDIUM ? LEVEL_MEDIUM_MISTAKE_256
                                           : 0u;
    /* another empty cell than the best one exists when two or more are empty */
    if ((empty & (empty - 1u)) && level_rand(state) < odds) {
        /* 4-bit draws until one is another empty cell (uniform); with one such cell,
         * all 128 miss once in 3,800 mistakes, and the best move is played. */
        for (uint8_t i = 0; i < 128u; i++) {
            uint8_t c = (uint8_t)(level_rand(state) >> 4);
            if (c != best && ((empty >> c) & 1u)) {
                return c;
            }
        }
    }
    return best;
}
