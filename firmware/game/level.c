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

/* The set a level draws from, or 0 for the perfect set: a win in one (`wins`) at every
 * level; at medium and easy, facing a danger, the mistake `wrong` (if any) by the odds
 * of overlooking it, else by the odds of playing with no plan any `empty` cell. */
static uint16_t level_decide(uint8_t level, uint16_t *state, uint16_t wins, bool danger,
                             uint16_t wrong, uint16_t empty, bool again)
{
    bool easy = level == LEVEL_EASY;
    if (wins)
        return wins; /* every level sees a win in one */
    if (level == LEVEL_PERFECT)
        return 0;
    if (danger) {
        /* a person who overlooks the threat plays elsewhere */
        if (wrong &&
            (level_chance(state, easy ? LEVEL_EASY_OVERLOOK_256 : LEVEL_MEDIUM_OVERLOOK_256) ||
             (again && level_chance(state, easy ? LEVEL_MISERE_EASY_AGAIN_256
                                                : LEVEL_MISERE_MEDIUM_AGAIN_256))))
            return wrong;
    } else if (level_chance(state, easy ? LEVEL_EASY_SHALLOW_256 : LEVEL_MEDIUM_SHALLOW_256) ||
               (again && level_chance(state, easy ? LEVEL_MISERE_EASY_AGAIN_256
                                                  : LEVEL_MISERE_MEDIUM_AGAIN_256))) {
        return empty; /* no plan beyond wins and blocks: any cell */
    }
    return 0;
}

uint16_t level_cells(pos_t p, uint8_t level, uint16_t *state)
{
    pos_sides_t s = pos_sides(p);
    uint16_t empty = pos_empty(p);
    uint16_t wins = pos_threats(s.mine, s.theirs) & empty;
    uint16_t danger = pos_threats(s.theirs, s.mine) & empty;
    uint16_t cells =
        level_decide(level, state, wins, danger != 0, empty & (uint16_t)~danger, empty, false);
    return cells ? cells : engine_best_cells(p);
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
    uint16_t empty, blunders, cells;
    if (rule == RULE_NORMAL)
        return level_cells(s->pos, level, state);
    empty = pos_empty(s->pos);
    blunders = level == LEVEL_PERFECT ? 0u : level_blunders(rule, s);
    /* the mistake: into the danger, while a move out of it exists */
    cells = level_decide(level, state, state_wins(rule, s), blunders != 0,
                         (empty & (uint16_t)~blunders) ? blunders : 0u, empty, rule == RULE_MISERE);
    return cells ? cells : play_best_cells(rule, s);
}

uint8_t level_pick_rule(uint8_t rule, const state_t *s, uint8_t level, uint16_t *state)
{
    uint16_t cells = level_cells_rule(rule, s, level, state);
    return level_nth(cells, level_rand(state));
}
