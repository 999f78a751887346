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
    return rule == RULE_FADING ? fade_move(s)
                               : (uint8_t)engine_answer(s->pos, rule == RULE_MISERE, false);
}

uint16_t play_best_cells(uint8_t rule, const state_t *s)
{
    return rule == RULE_FADING ? fade_best_cells(s)
                               : engine_answer(s->pos, rule == RULE_MISERE, true);
}

engine_outcome_t play_outcome(uint8_t rule, const state_t *s)
{
    return rule == RULE_FADING ? fade_outcome(s) : engine_play_out(s->pos, rule == RULE_MISERE);
}
