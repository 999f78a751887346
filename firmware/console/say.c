/* firmware/console/say.c - the board's own lines: the banner, each of the game's reports
 * (game_take_report), the app's sleep and supply lines. One line each. */
#include "console.h"

#include "menu.h"
#include "out.h"
#include "play.h"
#include "say.h"

OUT_STR(s_ready, "ttt: ready (type help)");
OUT_STR(s_wdt, "ttt: watchdog reset");
OUT_STR(s_crc, "ttt: table CRC bad, using solver");
OUT_STR(s_crc_variants, "ttt: misere table CRC bad, using solver\0ttt: fading table CRC bad, "
                        "fading refused");
OUT_STR(s_sleep, "ttt: sleeping (press a key)");
OUT_STR(s_stats_reset, "ttt: statistics unreadable, reset to zero");
OUT_STR(s_low_vcc, "ttt: supply low (" OUT_NUM_1 " V), saving waits\n");
OUT_STR(s_new, "new: ");
OUT_STR(s_comma_level, ", level ");
OUT_STR(s_level, "level: ");
OUT_STR(s_next_game, " (next game)\0 (this game too)");
OUT_STR(s_move, "move: ");
OUT_STR(s_ai, "ai: ");
OUT_STR(s_result, "result: ");
OUT_STR(s_hint, "hint: ");
OUT_STR(s_analysis, "analysis:");
OUT_STR(s_stats_cleared, "stats: cleared");
OUT_STR(s_stuck, "key: stuck");
OUT_STR(s_stuck_end, ", ignored until released");
OUT_STR(s_wins, " wins");
OUT_STR(s_draw, "draw");
OUT_STR(s_menu, GAME_MENU_LINE); /* menu.h */
OUT_STR(s_menu_closed, "menu: closed, nothing changed");
/* `menu: 6 chosen (sound: on), tap it again to set it` */
OUT_STR(s_menu_chosen, "menu: \0 chosen (\0: \0), tap it again to set it");
#define SAY_MENU_LABEL(cell, action, arg, lng, shrt) lng "\0"
OUT_STR(s_menu_labels, GAME_MENU(SAY_MENU_LABEL)); /* menu.h's long labels, cell 1 first */
OUT_STR(s_replay,
        "replay: \0's \0 turned \0the draw\0a win\0 into a loss; \0 would have \0held\0won");
OUT_STR(s_toy, "toy: off\0toy: on (a calm tap gives the game back)");
OUT_STR(s_color_blind, "colorblind: \0off\0on");
OUT_STR(s_brightness, "brightness: " LEDS_LEVELS(LEDS_LEVEL_WORD)); /* brightest first */
OUT_STR(s_sound, "sound: \0" SOUNDS_SETTING_WORDS);                 /* SOUNDS_ON... order */
/* Word lists (out_nth_P), in GAME_MODE_* and LEVEL_* order; outcomes win, draw, loss.
 * A setting's line: its prefix, then its words by value. */
OUT_STR(s_modes, "you x\0you o\0two players");
OUT_STR(s_vs_ai, "vs ai, ");
OUT_STR(s_levels, "perfect\0medium\0easy");
OUT_STR(s_game, "game: \0" GAME_RULE_WORDS); /* RULE_* order */
OUT_STR(s_game_refused, "error: \0 table damaged, game stays normal");
OUT_STR(s_outcomes, " win\0 draw\0 loss");

void say_mode(uint8_t mode)
{
    if (mode != GAME_MODE_2P) {
        out_P(s_vs_ai);
    }
    out_nth_P(s_modes, mode);
}

void say_level(uint8_t level)
{
    out_nth_P(s_levels, level);
}

void say_menu(void)
{
    out_P(s_menu);
}

/* The statistics' line of table i (stats.h): `stats you x, perfect: wins 3, draws 5,
 * losses 0, abandoned 1` and its end of line; i past the tables: the games before levels
 * of mode i - STATS_TABLES. */
OUT_STR(s_stats, "stats ");
OUT_STR(s_stats_ai, ": wins " OUT_NUM ", draws " OUT_NUM ", losses " OUT_NUM);
OUT_STR(s_stats_2p, ": x wins " OUT_NUM ", draws " OUT_NUM ", o wins " OUT_NUM);
OUT_STR(s_stats_abandoned, ", abandoned " OUT_NUM);
OUT_STR(s_stats_before, ", before levels");
OUT_STR(s_comma, ", ");
void say_stats(const stats_t *st, uint8_t rule, uint8_t i)
{
    bool table = i < STATS_TABLES;
    uint8_t mode = (uint8_t)(table ? i / LEVELS : i - STATS_TABLES);
    const uint16_t *n = table ? st->games[rule][i] : st->old[mode];
    out_P(s_stats);
    if (rule != RULE_NORMAL) {
        out_nth_P(s_game, (uint8_t)(rule + 1u));
        out_P(s_comma);
    }
    out_nth_P(s_modes, mode);
    if (i < STATS_TABLE_2P) {
        out_P(s_comma);
        say_level(i % LEVELS);
    } else if (!table) {
        out_P(s_stats_before);
    }
    out_fmt_P(mode == GAME_MODE_2P ? s_stats_2p : s_stats_ai, n);
    if (table) {
        out_fmt_P(s_stats_abandoned, &n[STATS_ABANDONED]);
    }
    out_nl();
}

/* `colorblind: on`, `brightness: night`: word `value` after the prefix of the list. */
static void say_setting(const char *list, uint8_t value)
{
    out_nth_P(list, 0);
    out_nth_P(list, (uint8_t)(value + 1u));
}

void say_result(uint8_t winner)
{
    if (winner == PLAYER_NONE) {
        out_P(s_draw);
    } else {
        out_player(winner);
        out_P(s_wins);
    }
}

void console_banner(bool table_ok, bool after_watchdog)
{
    if (after_watchdog) {
        out_line_P(s_wdt);
    }
    if (!table_ok) {
        out_line_P(s_crc);
    }
    for (uint8_t rule = RULE_MISERE; rule < RULE_COUNT; rule++) {
        if (!play_table_ok(rule)) {
            out_nth_P(s_crc_variants, (uint8_t)(rule - RULE_MISERE));
            out_nl();
        }
    }
    out_line_P(s_ready);
}

void console_say_sleeping(void)
{
    out_line_P(s_sleep);
}

void console_say_stats_reset(void)
{
    out_line_P(s_stats_reset);
}

void console_say_supply_low(uint16_t decivolts)
{
    out_fmt_P(s_low_vcc, &decivolts);
}

/* `move: 5 (x)` (the person's) / `ai: 5 (o)` */
static void say_move(const game_report_t *r)
{
    out_P(r->kind == GAME_REP_MOVE ? s_move : s_ai);
    out_cell(r->cell);
    out_byte(' ');
    out_byte('(');
    out_player(r->player);
    out_byte(')');
}

/* ` 1 win 2 draw 3 loss`: each empty cell with the mover's outcome there. */
static void say_analysis(const game_report_t *r)
{
    out_P(s_analysis);
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        uint16_t bit = (uint16_t)(1u << c);
        if (r->cells & bit) {
            out_byte(' ');
            out_cell(c);
            out_nth_P(s_outcomes, (r->wins & bit) ? 0u : (r->losses & bit) ? 2u : 1u);
        }
    }
}

/* What a menu cell holds now, after its label: `: on`, `: perfect` (a mode, the
 * statistics: nothing more). */
static void say_menu_value(const settings_t *s, uint8_t action)
{
    /* the settings' own word lists, their word `v` (after the prefix, but the levels') */
    const char *words;
    uint8_t v;
    switch (action) {
    case GAME_MENU_LEVEL:
        words = s_levels;
        v = s->level;
        break;
    case GAME_MENU_GAME:
        words = s_game;
        v = (uint8_t)(s->game + 1u);
        break;
    case GAME_MENU_SOUND:
        words = s_sound;
        v = (uint8_t)(s->sound + 1u);
        break;
    case GAME_MENU_COLOUR_BLIND:
        words = s_color_blind;
        v = (uint8_t)(s->color_blind + 1u);
        break;
    case GAME_MENU_BRIGHTNESS:
        words = s_brightness;
        v = (uint8_t)(LEDS_BRIGHT_LEVELS - s->brightness);
        break;
    default:
        return;
    }
    out_nth_P(s_menu_chosen, 2);
    out_nth_P(words, v);
}

/* `menu: 6 chosen (sound: on), tap it again to set it`, `menu: 1 x 2 o ...`, `menu:
 * closed, nothing changed`. */
static void say_menu_report(const game_t *g, const game_report_t *r)
{
    if (r->value == GAME_MENU_REP_OPENED || r->value == GAME_MENU_REP_CLOSED) {
        out_P(r->value == GAME_MENU_REP_OPENED ? s_menu : s_menu_closed);
        return;
    }
    out_nth_P(s_menu_chosen, 0);
    out_cell(r->cell);
    out_nth_P(s_menu_chosen, 1);
    out_nth_P(s_menu_labels, r->cell);
    say_menu_value(game_settings(g), r->mode);
    out_nth_P(s_menu_chosen, 3);
}

/* `replay: x's 7 turned the draw into a loss; 5 would have held` (a win: `won`). */
static void say_replay(const game_report_t *r)
{
    out_nth_P(s_replay, 0);
    out_player(r->player);
    out_nth_P(s_replay, 1);
    out_cell(r->cell);
    out_nth_P(s_replay, 2);
    out_nth_P(s_replay, (uint8_t)(3u + r->level));
    out_nth_P(s_replay, 5);
    out_cell(r->value);
    out_nth_P(s_replay, 6);
    out_nth_P(s_replay, (uint8_t)(7u + r->level));
}

/* `key: stuck 5 7, ignored until released`: one line for all. */
static void say_stuck(uint16_t cells)
{
    out_P(s_stuck);
    out_cells(cells);
    out_P(s_stuck_end);
}

/* `new: vs ai, you x, level perfect`; another game than the normal one after it:
 * `, misere`. */
static void say_new(const game_report_t *r)
{
    out_P(s_new);
    say_mode(r->mode);
    out_P(s_comma_level);
    say_level(r->level);
    if (r->value != RULE_NORMAL) {
        out_P(s_comma);
        out_nth_P(s_game, (uint8_t)(r->value + 1u));
    }
}

/* `game: misere`; refused: `error: fading table damaged, game stays normal`. */
static void say_game(const game_report_t *r)
{
    if (r->level) {
        out_nth_P(s_game_refused, 0);
        out_nth_P(s_game, (uint8_t)(r->mode + 1u));
        out_nth_P(s_game_refused, 1);
    } else {
        say_setting(s_game, r->value);
    }
}

static void say_report(const game_t *g, const game_report_t *r)
{
    switch (r->kind) {
    case GAME_REP_NEW:
        say_new(r);
        break;
    case GAME_REP_LEVEL:
        out_P(s_level);
        say_level(r->level);
        out_nth_P(s_next_game, r->value);
        break;
    case GAME_REP_MOVE:
    case GAME_REP_AI_MOVE:
        say_move(r);
        break;
    case GAME_REP_RESULT:
        out_P(s_result);
        say_result(r->player);
        break;
    case GAME_REP_HINT: /* `hint: 5` */
        out_P(s_hint);
        out_cell(r->cell);
        break;
    case GAME_REP_ANALYSIS:
        say_analysis(r);
        break;
    case GAME_REP_STATS_CLEARED:
        out_P(s_stats_cleared);
        break;
    case GAME_REP_STUCK:
        say_stuck(r->cells);
        break;
    case GAME_REP_MENU:
        say_menu_report(g, r);
        break;
    case GAME_REP_COLOR_BLIND:
        say_setting(s_color_blind, r->value);
        break;
    case GAME_REP_BRIGHTNESS:
        say_setting(s_brightness, (uint8_t)(LEDS_BRIGHT_LEVELS - 1u - r->value));
        break;
    case GAME_REP_SOUND:
        say_setting(s_sound, r->value);
        break;
    case GAME_REP_STATS: /* the table shown: its line */
        say_stats(game_stats(g), r->value, stats_table(r->mode, r->level));
        return;
    case GAME_REP_REPLAY:
        say_replay(r);
        break;
    case GAME_REP_TOY:
        out_nth_P(s_toy, r->value);
        break;
    case GAME_REP_GAME:
        say_game(r);
        break;
    }
    out_nl();
}

void console_report(game_t *g)
{
    game_report_t r;
    while (game_take_report(g, &r)) {
        say_report(g, &r);
    }
}
