/* firmware/engine/state.c - a position under any of the three rules
 * (firmware/engine/README.md, "Three games"). */
#include "state.h"

static uint16_t *state_mask(state_t *s, uint8_t player)
{
    return player == PLAYER_X ? &s->pos.x : &s->pos.o;
}

static uint16_t state_mask_of(const state_t *s, uint8_t player)
{
    return player == PLAYER_X ? s->pos.x : s->pos.o;
}

static uint8_t state_other(uint8_t player)
{
    return (uint8_t)(PLAYER_X + PLAYER_O - player);
}

/* Filled field by field: an initialiser would be a copy in .data, in RAM. */
state_t state_start(void)
{
    state_t s;
    s.pos.x = s.pos.o = 0;
    for (uint8_t i = 0; i < FADE_KEEP; i++)
        s.queue[0][i] = s.queue[1][i] = POS_NO_MOVE;
    s.to_move = PLAYER_X;
    s.plies = 0;
    return s;
}

state_t state_from_pos(pos_t p)
{
    state_t s = state_start();
    s.pos = p;
    s.to_move = pos_to_move(p);
    s.plies = pos_count(p.x | p.o);
    return s;
}

/* Fading: the queue of `side` holds its mask's n cells, each once, oldest first, then
 * POS_NO_MOVE. */
static bool state_queue_ok(const state_t *s, uint8_t player, uint8_t n)
{
    uint16_t seen = 0;
    for (uint8_t i = 0; i < FADE_KEEP; i++) {
        uint8_t cell = s->queue[player - PLAYER_X][i];
        if (i >= n ? cell != POS_NO_MOVE : cell >= POS_CELLS || seen & (1u << cell))
            return false;
        if (i < n)
            seen |= (uint16_t)(1u << cell);
    }
    return seen == state_mask_of(s, player);
}

/* Fading: X has min(3, ceil(plies / 2)) marks, O min(3, floor(plies / 2)). */
static bool state_fading_legal(const state_t *s)
{
    uint8_t x = (uint8_t)((s->plies + 1u) / 2u), o = (uint8_t)(s->plies / 2u);
    if (s->plies > FADE_PLY_LIMIT || s->to_move != PLAYER_X + (s->plies & 1u))
        return false;
    return state_queue_ok(s, PLAYER_X, x < FADE_KEEP ? x : FADE_KEEP) &&
           state_queue_ok(s, PLAYER_O, o < FADE_KEEP ? o : FADE_KEEP) &&
           !pos_lines(state_mask_of(s, s->to_move));
}

bool state_is_legal(uint8_t rule, const state_t *s)
{
    if ((s->pos.x | s->pos.o) > POS_ALL || (s->pos.x & s->pos.o))
        return false;
    if (rule == RULE_FADING)
        return state_fading_legal(s);
    return pos_is_legal(s->pos) && s->to_move == pos_to_move(s->pos) &&
           s->plies == pos_count(s->pos.x | s->pos.o);
}

uint8_t state_winner(uint8_t rule, const state_t *s)
{
    uint8_t lined = pos_winner(s->pos);
    if (rule == RULE_MISERE && lined != PLAYER_NONE)
        return state_other(lined);
    return lined;
}

bool state_is_over(uint8_t rule, const state_t *s)
{
    if (rule != RULE_FADING)
        return pos_is_over(s->pos);
    return pos_winner(s->pos) != PLAYER_NONE || s->plies >= FADE_PLY_LIMIT;
}

/* The mover's marks that stay for its next mark (fading: all but the one vanishing). */
static uint16_t state_staying(uint8_t rule, const state_t *s)
{
    uint16_t mine = state_mask_of(s, s->to_move);
    uint8_t old = state_vanishing(rule, s, s->to_move);
    return old == POS_NO_MOVE ? mine : (uint16_t)(mine & ~(1u << old));
}

void state_play(uint8_t rule, state_t *s, uint8_t cell)
{
    uint16_t staying = state_staying(rule, s); /* the oldest goes before the new mark */
    if (rule == RULE_FADING) {
        uint8_t *queue = s->queue[s->to_move - PLAYER_X];
        uint8_t n = pos_count(state_mask_of(s, s->to_move));
        if (n >= FADE_KEEP) {
            queue[0] = queue[1];
            queue[1] = queue[2];
            n = FADE_KEEP - 1u;
        }
        queue[n] = cell;
    }
    *state_mask(s, s->to_move) = staying | (uint16_t)(1u << cell);
    s->to_move = state_other(s->to_move);
    s->plies++;
}

uint16_t state_wins(uint8_t rule, const state_t *s)
{
    if (rule == RULE_MISERE)
        return 0;
    uint16_t marked = s->pos.x | s->pos.o, theirs = marked ^ state_mask_of(s, s->to_move);
    return pos_threats(state_staying(rule, s), theirs) & (uint16_t)(POS_ALL & ~marked);
}

uint16_t state_losses(uint8_t rule, const state_t *s)
{
    if (rule != RULE_MISERE)
        return 0;
    uint16_t theirs = state_mask_of(s, state_other(s->to_move));
    return pos_threats(state_mask_of(s, s->to_move), theirs) & pos_empty(s->pos);
}

uint8_t state_vanishing(uint8_t rule, const state_t *s, uint8_t player)
{
    const uint8_t *queue = s->queue[player - PLAYER_X];
    if (rule != RULE_FADING || queue[FADE_KEEP - 1] == POS_NO_MOVE)
        return POS_NO_MOVE; /* fewer than FADE_KEEP marks: none goes yet */
    return queue[0];
}
