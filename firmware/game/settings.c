/* firmware/game/settings.c - the settings (mode, level, game, colour-blind display,
 * brightness, sound) and the statistics' reset: each change saved and reported, from the console or
 * the menu (firmware/README.md, "Menu"). */
#include "game_rooms.h"

#include "play.h"

void game_setting(game_t *g, uint8_t *field, uint8_t value)
{
    if (*field != value) {
        *field = value;
        g->save |= STATS_SAVE_SETTINGS;
    }
}

/* A setting set and reported as `kind` with its value. */
static void game_setting_said(game_t *g, uint8_t *field, uint8_t value, game_report_kind_t kind)
{
    game_setting(g, field, value);
    game_report(g, kind)->value = value;
}

/* The next game's level; with this_game, the game under way's too. */
static void game_level_set(game_t *g, uint8_t level, bool this_game)
{
    game_report_t *r;
    game_setting(g, &g->settings.level, level);
    if (this_game) {
        g->level = level;
    }
    r = game_report(g, GAME_REP_LEVEL);
    r->level = level;
    r->value = this_game;
}

void game_set_level(game_t *g, uint8_t level)
{
    if (level < LEVELS) {
        game_level_set(g, level, false);
    }
}

void game_level_step(game_t *g)
{
    game_level_set(g, (uint8_t)((g->settings.level + 1u) % LEVELS),
                   !g->over && !game_person_moved(g));
}

bool game_rule_ok(uint8_t rule)
{
    return rule < RULE_COUNT && (rule != RULE_FADING || play_table_ok(RULE_FADING));
}

bool game_rule_choose(game_t *g, uint8_t rule)
{
    bool ok = game_rule_ok(rule);
    uint8_t in_force = ok ? rule : RULE_NORMAL;
    game_report_t *r = game_report(g, GAME_REP_GAME);
    r->mode = rule;
    r->level = !ok;
    r->value = in_force;
    game_setting(g, &g->settings.game, in_force);
    if (in_force != g->rule) {
        game_start(g, g->settings.mode, true); /* a new game under the new rule */
    }
    return ok;
}

bool game_set_game(game_t *g, uint8_t rule)
{
    return rule < RULE_COUNT && game_rule_choose(g, rule);
}

uint8_t game_game_next(uint8_t rule)
{
    do {
        rule = (uint8_t)((rule + 1u) % RULE_COUNT);
    } while (!game_rule_ok(rule)); /* a refused game is skipped (normal never is) */
    return rule;
}

void game_set_color_blind(game_t *g, bool on)
{
    game_setting_said(g, &g->settings.color_blind, on, GAME_REP_COLOR_BLIND);
}

void game_set_sound(game_t *g, uint8_t setting)
{
    if (setting < SOUNDS_SETTINGS) {
        game_setting_said(g, &g->settings.sound, setting, GAME_REP_SOUND);
    }
}

void game_set_brightness(game_t *g, uint8_t level)
{
    if (level < LEDS_BRIGHT_LEVELS) {
        game_setting_said(g, &g->settings.brightness, level, GAME_REP_BRIGHTNESS);
    }
}

void game_stats_clear(game_t *g)
{
    stats_clear(&g->stats);
    g->save |= STATS_SAVE_ALL;
    game_report(g, GAME_REP_STATS_CLEARED);
}
