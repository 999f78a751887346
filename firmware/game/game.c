/* firmware/game/game.c - the game state machine: greeting, menu long presses, play
 * against the AI or a second person, hints, analysis, game over, statistics.
 * Invariants: pos is always a legal position; `over` is set exactly when pos is won or
 * full; settings are always in range. Gestures: a key pressed alone and released before
 * GAME_LONG_MS is a short press; held past it alone, its cell lights yellow (armed) and
 * the release is a long press. Both act on the release, so a key that never comes up
 * (jammed, or something lying on it) never triggers anything; a second key down voids
 * the whole gesture. */
#include "game.h"

#include <string.h>

#include "engine.h"
#include "level.h"
#include "out.h"
#include "power.h" /* RESET_* constants only: no HAL call here */

enum { OV_NONE = 0, OV_CELL, OV_FULL, OV_LAMP };
enum { GEST_VOID = 1, GEST_ARMED = 2 };
#define NO_CELL 0xFFu

OUT_STR(s_ready, "ttt: ready (type help)");
OUT_STR(s_wdt, "ttt: watchdog reset");
OUT_STR(s_crc, "ttt: table CRC bad, using solver");
OUT_STR(s_new, "new: ");
OUT_STR(s_level, "level: ");
OUT_STR(s_stuck, "key: stuck");
OUT_STR(s_stuck_end, ", ignored until released");
OUT_STR(s_move, "move: ");
OUT_STR(s_ai, "ai: ");
OUT_STR(s_result, "result: ");
OUT_STR(s_hint, "hint: ");
OUT_STR(s_analysis, "analysis:");
OUT_STR(s_stats_cleared, "stats: cleared");
OUT_STR(s_vs_ai, "vs ai, you ");
OUT_STR(s_two_players, "two players");
OUT_STR(s_comma_level, ", level ");
/* Word lists (out_nth_P): levels; the person's outcome of a move in the analysis. */
OUT_STR(s_levels, "perfect\0medium\0easy");
OUT_STR(s_outcomes, " win\0 draw\0 loss");
static const char s_wins[] PROGMEM = " wins";
static const char s_draw[] PROGMEM = "draw";

void game_put_mode(uint8_t mode)
{
    if (mode == GAME_MODE_2P) {
        out_P(s_two_players);
    } else {
        out_P(s_vs_ai);
        out_player(mode == GAME_MODE_AI_X ? PLAYER_X : PLAYER_O);
    }
}

void game_put_level(uint8_t level)
{
    out_nth_P(s_levels, level);
}

uint8_t game_winner(const game_t *g)
{
    return g->over ? pos_winner(g->pos) : PLAYER_NONE;
}

uint8_t game_ai_to_move(const game_t *g)
{
    uint8_t mode = g->settings.mode;
    if (g->over || mode == GAME_MODE_2P) {
        return 0;
    }
    /* the AI plays o against person x, x against person o */
    return pos_to_move(g->pos) == (mode == GAME_MODE_AI_X ? PLAYER_O : PLAYER_X);
}

/* Show `f` on the cells of `cover` for ms (OV_CELL / OV_FULL). */
static void game_overlay(game_t *g, uint8_t kind, uint16_t cover, uint16_t red,
                         uint16_t green, uint16_t blink, uint16_t ms)
{
    g->ov_kind = kind;
    g->ov_cover = cover;
    g->ov.red = red;
    g->ov.green = green;
    g->ov.blink = blink;
    g->ov_ms = ms;
}

/* One cell in yellow. */
static void game_overlay_yellow(game_t *g, uint8_t cell, uint16_t ms)
{
    uint16_t bit = (uint16_t)(1u << cell);
    game_overlay(g, OV_CELL, bit, bit, bit, 0, ms);
}

/* After a mark: the game goes on (the AI's reply is due), or it is over: say it and
 * count it. */
static void game_check_end(game_t *g)
{
    uint8_t w = pos_winner(g->pos);
    uint8_t kind = STATS_DRAW;
    if (w == PLAYER_NONE && pos_empty(g->pos)) {
        g->ai_ms = GAME_AI_DELAY_MS;
        return;
    }
    g->over = 1;
    out_P(s_result);
    if (w == PLAYER_NONE) {
        out_P(s_draw);
    } else {
        out_player(w);
        out_P(s_wins);
        /* two players: x's win counts as a "win"; vs the AI: the person's win */
        kind = w == (g->settings.mode == GAME_MODE_AI_O ? PLAYER_O : PLAYER_X) ? STATS_WIN
                                                                                 : STATS_LOSS;
    }
    out_nl();
    stats_count(&g->stats, g->settings.mode, kind);
    g->save |= GAME_SAVE_STATS;
}

/* Put the mover's mark on `cell` and say so: `move: 5 (x)` / `ai: 5 (o)`. */
static void game_place(game_t *g, uint8_t cell, const char *prefix_P)
{
    uint8_t mover = pos_to_move(g->pos);
    g->pos = pos_play(g->pos, cell);
    out_P(prefix_P);
    out_cell(cell);
    out_byte(' ');
    out_byte('(');
    out_player(mover);
    out_byte(')');
    out_nl();
    game_check_end(g);
}

void game_new(game_t *g, uint8_t mode)
{
    if (mode >= GAME_MODES) {
        mode = GAME_MODE_AI_X;
    }
    if (mode != g->settings.mode) {
        g->settings.mode = mode;
        g->save |= GAME_SAVE_SETTINGS;
    }
    g->pos.x = g->pos.o = 0;
    g->over = 0;
    g->blink_ms = 0;
    g->ai_ms = GAME_AI_DELAY_MS;
    g->ov_kind = OV_NONE;
    out_P(s_new);
    game_put_mode(mode);
    out_P(s_comma_level);
    game_put_level(g->settings.level);
    out_nl();
}

void game_set_level(game_t *g, uint8_t level)
{
    if (level >= LEVELS) {
        return;
    }
    if (level != g->settings.level) {
        g->settings.level = level;
        g->save |= GAME_SAVE_SETTINGS;
    }
    out_P(s_level);
    game_put_level(level);
    out_nl();
}

void game_init(game_t *g, const settings_t *settings, const stats_t *stats,
               uint8_t table_ok, uint8_t reset_cause, uint16_t seed)
{
    memset(g, 0, sizeof *g);
    g->settings = *settings;
    g->stats = *stats;
    if (!stats_settings_valid(&g->settings)) {
        stats_settings_default(&g->settings);
    }
    if (!stats_valid(&g->stats)) {
        stats_clear(&g->stats);
    }
    g->rng = seed ? seed : 1u;
    g->boot_ms = GAME_BOOT_MS;
    g->last_ai = NO_CELL;
    if (reset_cause & RESET_WATCHDOG) {
        out_line_P(s_wdt);
    }
    if (!table_ok) {
        out_line_P(s_crc);
    }
    out_line_P(s_ready);
    game_new(g, g->settings.mode);
    /* The AI's opening (person plays o) shows after the greeting. */
    g->ai_ms = GAME_BOOT_MS + GAME_AI_DELAY_MS;
}

uint8_t game_person_move(game_t *g, uint8_t cell)
{
    if (g->over) {
        return GAME_ERR_OVER;
    }
    if (game_ai_to_move(g)) {
        return GAME_ERR_NOT_YOUR_TURN;
    }
    if (!(pos_empty(g->pos) & (1u << cell))) {
        return GAME_ERR_TAKEN;
    }
    level_stir(&g->rng, g->clock);
    if (g->ov_kind != OV_LAMP) {
        g->ov_kind = OV_NONE;
    }
    game_place(g, cell, s_move);
    return GAME_OK;
}

uint8_t game_hint(game_t *g)
{
    uint8_t cell;
    if (g->over || game_ai_to_move(g)) {
        return 0;
    }
    cell = engine_move(g->pos);
    game_overlay_yellow(g, cell, GAME_HINT_MS);
    out_P(s_hint);
    out_cell(cell);
    out_nl();
    return 1;
}

/* Every empty cell shows what the side to move gets by playing there, with perfect
 * play after it: green wins, yellow draws, red loses; the marks go dark. */
static void game_analysis(game_t *g)
{
    uint16_t red = 0, green = 0;
    uint16_t empty = pos_empty(g->pos);
    out_P(s_analysis);
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        uint16_t bit = (uint16_t)(1u << c);
        if (empty & bit) {
            /* the child's result is the opponent's: flip it for the mover */
            int8_t r = engine_outcome(pos_play(g->pos, c)).result;
            if (r != ENGINE_WIN) {
                green |= bit; /* a win, or with red below a draw (yellow) */
            }
            if (r != ENGINE_LOSS) {
                red |= bit;
            }
            out_byte(' ');
            out_cell(c);
            out_nth_P(s_outcomes, (uint8_t)(r + 1)); /* LOSS -> win, DRAW, WIN -> loss */
        }
    }
    out_nl();
    game_overlay(g, OV_FULL, POS_ALL, red, green, 0, GAME_ANALYSIS_MS);
}

void game_stats_clear(game_t *g)
{
    stats_clear(&g->stats);
    g->save |= GAME_SAVE_STATS;
    out_line_P(s_stats_cleared);
}

/* Menu cell 7: the nine cells shared between wins (green), draws (yellow) and losses
 * (red) of the current mode in proportion, in reading order (cumulative rounding). */
static void game_show_stats(game_t *g)
{
    const uint16_t *n = g->stats.n[g->settings.mode];
    uint16_t w = n[STATS_WIN], d = n[STATS_DRAW], l = n[STATS_LOSS];
    uint16_t total, green = 0, red = 0;
    /* 9 * total must fit 16 bits: halve (rounding up, so no kind vanishes) until each
     * count is at most 2333; 5 rounds from STATS_COUNT_MAX */
    for (uint8_t i = 0; i < 8u && (w > 2333u || d > 2333u || l > 2333u); i++) {
        w = (uint16_t)((w + 1u) >> 1);
        d = (uint16_t)((d + 1u) >> 1);
        l = (uint16_t)((l + 1u) >> 1);
    }
    total = (uint16_t)(w + d + l);
    if (total) {
        uint8_t wins = (uint8_t)((9u * w + total / 2u) / total);
        uint8_t upto = (uint8_t)((9u * (w + d) + total / 2u) / total);
        uint16_t bit = 1;
        for (uint8_t c = 0; c < POS_CELLS; c++, bit = (uint16_t)(bit << 1)) {
            if (c >= wins) {
                red |= bit; /* draw (yellow) or loss */
            }
            if (c < upto) {
                green |= bit; /* win or draw (yellow) */
            }
        }
    }
    game_overlay(g, OV_FULL, POS_ALL, red, green, 0, GAME_STATS_MS);
}

/* A long press on the empty board (or at game over): the menu. */
static void game_menu(game_t *g, uint8_t cell)
{
    if (cell <= 2) {
        game_new(g, cell); /* cells 1/2/3 = GAME_MODE_AI_X/AI_O/2P */
    } else if (cell <= 5) {
        game_set_level(g, (uint8_t)(cell - 3));
        if (g->over) {
            game_new(g, g->settings.mode);
        }
    } else if (cell == 6) {
        game_show_stats(g);
        return;
    } else if (cell == 7) {
        uint16_t both = (uint16_t)((1u << g->settings.mode) | (8u << g->settings.level));
        game_overlay(g, OV_FULL, POS_ALL, both, both, 0, GAME_SETTINGS_MS);
        return;
    } else {
        g->ov_kind = OV_LAMP;
        g->ov_ms = 3u * GAME_LAMP_STEP_MS;
        return;
    }
    game_overlay_yellow(g, cell, GAME_CONFIRM_MS);
}

static void game_long(game_t *g, uint8_t cell)
{
    if (g->over || !(g->pos.x | g->pos.o)) {
        game_menu(g, cell);
    } else if (pos_empty(g->pos) & (1u << cell)) {
        (void)game_hint(g);
    } else {
        game_analysis(g);
    }
}

static void game_short(game_t *g, uint8_t cell)
{
    if (g->over) {
        game_new(g, g->settings.mode); /* this press is not a move */
    } else if (game_person_move(g, cell) == GAME_ERR_TAKEN) {
        uint16_t bit = (uint16_t)(1u << cell); /* the taken cell blinks in its color */
        game_overlay(g, OV_CELL, bit, g->pos.x & bit, g->pos.o & bit, bit, GAME_ERROR_MS);
    }
}

/* The gesture under way will do nothing; an armed cell goes dark. */
static void game_void_gesture(game_t *g)
{
    if (g->gest == GEST_ARMED) {
        g->ov_kind = OV_NONE;
    }
    g->gest |= GEST_VOID;
}

void game_key(game_t *g, const key_event_t *ev)
{
    uint16_t bit;
    if (ev->cell >= POS_CELLS) {
        return;
    }
    bit = (uint16_t)(1u << ev->cell);
    if (g->stuck & bit) { /* its release frees it; nothing else it does counts */
        if (ev->kind == KEY_EV_RELEASE) {
            g->stuck &= (uint16_t)~bit;
        }
        return;
    }
    g->held_ms = 0; /* the set of held keys changes */
    if (ev->kind == KEY_EV_PRESS) {
        if (g->held) {
            game_void_gesture(g); /* two keys at once: ignore the gesture */
        } else {
            g->gest_cell = ev->cell;
            g->gest = 0;
            if (g->boot_ms || g->guard_ms || game_ai_to_move(g)) {
                g->gest = GEST_VOID;
            } else {
                if (g->ov_kind == OV_FULL || g->ov_kind == OV_LAMP) {
                    g->gest = GEST_VOID; /* this press only dismisses the display */
                }
                g->ov_kind = OV_NONE; /* and a hint or a confirmation ends here */
            }
        }
        g->held |= bit;
    } else if (ev->kind == KEY_EV_RELEASE && (g->held & bit)) {
        g->held &= (uint16_t)~bit;
        if (!g->held && g->gest_cell == ev->cell) {
            if (g->gest == 0) {
                game_short(g, ev->cell);
            } else if (g->gest == GEST_ARMED) {
                g->ov_kind = OV_NONE; /* the armed light goes */
                game_long(g, ev->cell);
            }
        }
    }
}

void game_keys_sync(game_t *g, uint16_t keys_state)
{
    keys_state &= POS_ALL;
    g->stuck &= keys_state; /* a stuck key that is up again is free */
    keys_state &= (uint16_t)~g->stuck;
    if (keys_state != g->held) {
        g->held_ms = 0;
        g->held = keys_state;
        game_void_gesture(g);
    }
}

static uint16_t game_count_down(uint16_t *t, uint16_t elapsed)
{
    *t = *t > elapsed ? (uint16_t)(*t - elapsed) : 0u;
    return *t;
}

void game_tick(game_t *g, uint16_t elapsed_ms)
{
    g->clock = (uint16_t)(g->clock + elapsed_ms);
    game_count_down(&g->boot_ms, elapsed_ms);
    game_count_down(&g->guard_ms, elapsed_ms);
    game_count_down(&g->blink_ms, elapsed_ms);
    if (g->ov_kind != OV_NONE && game_count_down(&g->ov_ms, elapsed_ms) == 0) {
        g->ov_kind = OV_NONE;
    }
    if (game_ai_to_move(g) && game_count_down(&g->ai_ms, elapsed_ms) == 0) {
        uint8_t cell = level_pick(g->pos, g->settings.level, &g->rng);
        g->last_ai = cell;
        g->blink_ms = GAME_AI_BLINK_MS;
        game_place(g, cell, s_ai);
    }
    if (!g->held) {
        return;
    }
    g->held_ms = (uint16_t)(g->held_ms + (elapsed_ms < GAME_STUCK_MS ? elapsed_ms : GAME_STUCK_MS));
    if (g->held_ms >= GAME_STUCK_MS) {
        uint16_t bit = 1;
        out_P(s_stuck); /* one line for all: `key: stuck 5 7, ignored until released` */
        for (uint8_t cell = 0; cell < POS_CELLS; cell++, bit = (uint16_t)(bit << 1)) {
            if (g->held & bit) {
                out_byte(' ');
                out_cell(cell);
            }
        }
        out_line_P(s_stuck_end);
        game_void_gesture(g); /* a stuck key is not armed */
        g->stuck |= g->held;
        g->held = 0;
        g->held_ms = 0;
    } else if (g->gest == 0 && g->held_ms >= GAME_LONG_MS &&
               g->held == (uint16_t)(1u << g->gest_cell)) {
        g->gest = GEST_ARMED; /* its release is a long press */
        game_overlay_yellow(g, g->gest_cell, GAME_STUCK_MS);
    }
}

void game_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t blink = 0;
    if (g->boot_ms) {
        /* Greeting: a yellow head with a green and a red tail runs over the cells. */
        uint8_t step = (uint8_t)((GAME_BOOT_MS - g->boot_ms) / (GAME_BOOT_MS / 9u));
        uint16_t head = (uint16_t)(1u << step); /* step <= 8 while boot_ms > 0 */
        f->green = (uint16_t)(head | (head >> 1));
        f->red = (uint16_t)(head | (head >> 2));
        f->blink = 0;
        return;
    }
    if (g->ov_kind == OV_LAMP) {
        /* red, then green, then yellow, GAME_LAMP_STEP_MS each */
        uint8_t phase = (uint8_t)((g->ov_ms - 1u) / GAME_LAMP_STEP_MS); /* 2, 1, 0 */
        f->red = phase == 1 ? 0 : POS_ALL;
        f->green = phase == 2 ? 0 : POS_ALL;
        f->blink = 0;
        return;
    }
    f->red = g->pos.x;
    f->green = g->pos.o;
    if (g->over) {
        uint8_t w = pos_winner(g->pos);
        blink = w == PLAYER_NONE ? POS_ALL : pos_lines(w == PLAYER_X ? g->pos.x : g->pos.o);
    } else if (g->blink_ms && g->last_ai < POS_CELLS) {
        blink = (uint16_t)(1u << g->last_ai);
    }
    f->blink = blink;
    if (g->ov_kind != OV_NONE) {
        uint16_t keep = (uint16_t)~g->ov_cover;
        f->red = (uint16_t)((f->red & keep) | g->ov.red);
        f->green = (uint16_t)((f->green & keep) | g->ov.green);
        f->blink = (uint16_t)((f->blink & keep) | g->ov.blink);
    }
}

uint8_t game_take_save(game_t *g)
{
    uint8_t s = g->save;
    g->save = 0;
    return s;
}

void game_wake(game_t *g)
{
    g->ov_kind = OV_NONE;
    g->held = 0;
    g->guard_ms = GAME_WAKE_GUARD_MS;
}
