/* firmware/engine/play.c - one engine over the three rules (firmware/engine/README.md,
 * "Three games"): each answer from its game's player. */
#include "play.h"

#include "fade.h"

void play_init(void)
{
    engine_init();
    engine_misere_init();
    fade_init();
}

bool play_table_ok(uint8_t rule)
{
    if (rule == RULE_MISERE)
        return engine_misere_table_ok();
    return rule == RULE_FADING ? fade_table_ok() : engine_table_ok();
}

uint8_t play_move(uint8_t rule, const state_t *s)
{
    if (rule == RULE_MISERE)
        return engine_misere_move(s->pos);
    return rule == RULE_FADING ? fade_move(s) : engine_move(s->pos);
}

uint16_t play_best_cells(uint8_t rule, const state_t *s)
{
    if (rule == RULE_MISERE)
        return engine_misere_best_cells(s->pos);
    return rule == RULE_FADING ? fade_best_cells(s) : engine_best_cells(s->pos);
}

engine_outcome_t play_outcome(uint8_t rule, const state_t *s)
{
    if (rule == RULE_MISERE)
        return engine_misere_outcome(s->pos);
    return rule == RULE_FADING ? fade_outcome(s) : engine_outcome(s->pos);
}
