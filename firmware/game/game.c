/* firmware/game/game.c - the game state machine: greeting, menu long presses, play
 * against the AI or a second person, hints, analysis, game over, statistics.
 * Invariants: pos is always a legal position; `over` is set exactly when pos is won or
 * full; settings are always in range. Gestures: a key pressed alone and released before
 * GAME_LONG_MS is a short press; held past it alone, its cell lights yellow (armed) and
 * the release is a long press. Both act on the release, so a key that never comes up
 * (jammed, or something lying on it) never triggers anything; a second key down voids
 * the whole gesture. */
#include "game.h"

#include <stddef.h>
#include <string.h>

#include "engine.h"
#include "level.h"
#include "out.h"

enum { GEST_VOID = 1, GEST_ARMED = 2 };
/* Small helpers called from many places stay one shared copy: inlined at every call
 * (as -flto does by itself) they cost hundreds of bytes of flash (measured). */
#define GAME_SHARED __attribute__((noinline))

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
OUT_STR(s_comma_level, ", level ");
OUT_STR(s_wins, " wins");
OUT_STR(s_draw, "draw");
/* Word lists (out_nth_P): modes; the person's outcome of a move in the analysis. */
OUT_STR(s_modes, "vs ai, you x\0vs ai, you o\0two players");
const char game_level_names[] PROGMEM = "perfect\0medium\0easy";
OUT_STR(s_outcomes, " win\0 draw\0 loss");

/* The AI plays o against person x (GAME_MODE_AI_X), x against person o; with two
 * players nobody is the AI. */
_Static_assert(PLAYER_O - GAME_MODE_AI_X == PLAYER_O && PLAYER_O - GAME_MODE_AI_O == PLAYER_X &&
                   PLAYER_O - GAME_MODE_2P == PLAYER_NONE,
               "the AI's player is PLAYER_O - mode");

GAME_SHARED static uint16_t game_bit(uint8_t cell)
{
    return (uint16_t)(1u << cell);
}

void game_put_mode(uint8_t mode)
{
    out_nth_P(s_modes, mode);
}

void game_put_level(uint8_t level)
{
    out_nth_P(game_level_names, level);
}

void game_put_result(uint8_t winner)
{
    if (winner == PLAYER_NONE) {
        out_P(s_draw);
    } else {
        out_player(winner);
        out_P(s_wins);
    }
}

uint8_t game_winner(const game_t *g)
{
    return g->winner;
}

uint8_t game_ai_to_move(const game_t *g)
{
    return !g->over && pos_to_move(g->pos) == (uint8_t)(PLAYER_O - g->settings.mode);
}

/* Show red/green on the cells of `cover` for ms (no blink, not the lamp test). */
GAME_SHARED static void game_overlay(game_t *g, uint16_t cover, uint16_t red, uint16_t green,
                                     uint16_t ms)
{
    g->ov_cover = cover;
    g->ov.red = red;
    g->ov.green = green;
    g->ov.blink = 0;
    g->lamp = 0;
    g->ms[GAME_T_OVERLAY] = ms;
}

/* One cell in yellow. */
static void game_overlay_yellow(game_t *g, uint8_t cell, uint16_t ms)
{
    uint16_t bit = game_bit(cell);
    game_overlay(g, bit, bit, bit, ms);
}

/* Put the mover's mark on `cell` and say so (`move: 5 (x)` / `ai: 5 (o)`); then the
 * game goes on (the AI's reply is due), or it is over: say it and count it. */
static void game_place(game_t *g, uint8_t cell, const char *prefix_P)
{
    uint8_t mover = pos_to_move(g->pos);
    uint8_t kind = STATS_DRAW;
    g->pos = pos_play(g->pos, cell);
    out_P(prefix_P);
    out_cell(cell);
    out_byte(' ');
    out_byte('(');
    out_player(mover);
    out_byte(')');
    out_nl();
    /* only the mover can have completed a line */
    if (pos_lines(mover == PLAYER_X ? g->pos.x : g->pos.o)) {
        g->winner = mover;
        /* vs the AI: the person's win or loss; two players: x wins, o wins */
        kind = mover == (g->settings.mode == GAME_MODE_AI_O ? PLAYER_X : PLAYER_O) ? STATS_LOSS
                                                                                  : STATS_WIN;
    } else if ((g->pos.x | g->pos.o) != POS_ALL) {
        g->ms[GAME_T_AI] = GAME_AI_DELAY_MS;
        return;
    }
    g->over = 1;
    out_P(s_result);
    game_put_result(g->winner);
    out_nl();
    stats_count(&g->stats, g->settings.mode, kind);
    g->save = 1;
}

/* Set a settings field; a change is to be saved. */
static void game_setting(game_t *g, uint8_t *field, uint8_t value)
{
    if (*field != value) {
        *field = value;
        g->save = 1;
    }
}

void game_new(game_t *g, uint8_t mode)
{
    if (mode >= GAME_MODES) {
        mode = GAME_MODE_AI_X;
    }
    game_setting(g, &g->settings.mode, mode);
    g->pos.x = g->pos.o = 0;
    g->over = g->winner = 0;
    g->ms[GAME_T_BLINK] = 0;
    g->ms[GAME_T_OVERLAY] = 0;
    g->ms[GAME_T_AI] = GAME_AI_DELAY_MS;
    out_P(s_new);
    game_put_mode(mode);
    out_P(s_comma_level);
    game_put_level(g->settings.level);
    out_nl();
}

void game_set_level(game_t *g, uint8_t level)
{
    if (level < LEVELS) {
        game_setting(g, &g->settings.level, level);
        out_P(s_level);
        game_put_level(level);
        out_nl();
    }
}

void game_init(game_t *g, uint8_t table_ok, uint8_t after_watchdog, uint16_t seed)
{
    memset(g, 0, offsetof(game_t, rec));
    stats_record_repair(&g->rec);
    g->rng = seed;
    if (after_watchdog) {
        out_line_P(s_wdt);
    }
    if (!table_ok) {
        out_line_P(s_crc);
    }
    out_line_P(s_ready);
    game_new(g, g->settings.mode);
    /* The greeting first; the AI's opening (person plays o) shows after it. */
    g->ms[GAME_T_BOOT] = GAME_BOOT_MS;
    g->ms[GAME_T_AI] = GAME_BOOT_MS + GAME_AI_DELAY_MS;
}

uint8_t game_person_move(game_t *g, uint8_t cell)
{
    if (g->over) {
        return GAME_ERR_OVER;
    }
    if (game_ai_to_move(g)) {
        return GAME_ERR_NOT_YOUR_TURN;
    }
    if ((g->pos.x | g->pos.o) & game_bit(cell)) {
        return GAME_ERR_TAKEN;
    }
    level_stir(&g->rng, g->clock);
    g->ms[GAME_T_OVERLAY] = 0;
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
    uint16_t marked = (uint16_t)(g->pos.x | g->pos.o);
    out_P(s_analysis);
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        uint16_t bit = game_bit(c);
        if (!(marked & bit)) {
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
    game_overlay(g, POS_ALL, red, green, GAME_ANALYSIS_MS);
}

void game_stats_clear(game_t *g)
{
    stats_clear(&g->stats);
    g->save = 1;
    out_line_P(s_stats_cleared);
}

/* Menu cell 7: the nine cells shared between wins (green), draws (yellow) and losses
 * (red) of the current mode in proportion, in reading order: cell c is green while
 * (c + 1) * total <= 9 * wins + total / 2, and not red while (c + 1) * total <=
 * 9 * (wins + draws) + total / 2 (each boundary at the nearest cell). */
static void game_show_stats(game_t *g)
{
    const uint16_t *n = g->stats.n[g->settings.mode];
    uint16_t w = n[STATS_WIN], d = n[STATS_DRAW], l = n[STATS_LOSS];
    uint16_t total, acc = 0, win_end, draw_end, green = 0, red = 0;
    /* Keep 9 * total within 16 bits: halve (rounding up, so no kind vanishes) until
     * each count is below 2048; 5 rounds from STATS_COUNT_MAX */
    for (uint8_t i = 0; i < 8u && (w | d | l) >= 2048u; i++) {
        w = (uint16_t)((w + 1u) >> 1);
        d = (uint16_t)((d + 1u) >> 1);
        l = (uint16_t)((l + 1u) >> 1);
    }
    total = (uint16_t)(w + d + l);
    win_end = (uint16_t)(9u * w + (total >> 1));
    draw_end = (uint16_t)(9u * (w + d) + (total >> 1));
    for (uint8_t c = 0; total && c < POS_CELLS; c++) {
        acc = (uint16_t)(acc + total);
        if (acc > win_end) {
            red |= game_bit(c); /* draw (yellow) or loss */
        }
        if (acc <= draw_end) {
            green |= game_bit(c); /* win or draw (yellow) */
        }
    }
    game_overlay(g, POS_ALL, red, green, GAME_STATS_MS);
}

/* A long press on the empty board (or at game over): the menu. */
static void game_menu(game_t *g, uint8_t cell)
{
    if (cell < 3) {
        game_new(g, cell); /* cells 1/2/3 = GAME_MODE_AI_X/AI_O/2P */
    } else if (cell < 6) {
        game_set_level(g, (uint8_t)(cell - 3));
        if (g->over) {
            game_new(g, g->settings.mode);
        }
    } else {
        if (cell == 6) {
            game_show_stats(g);
        } else if (cell == 7) {
            /* mode (cells 1-3) and level (cells 4-6) in yellow */
            uint16_t both = (uint16_t)(game_bit(g->settings.mode) |
                                       game_bit((uint8_t)(3u + g->settings.level)));
            game_overlay(g, POS_ALL, both, both, GAME_SETTINGS_MS);
        } else {
            game_overlay(g, POS_ALL, 0, 0, 3u * GAME_LAMP_STEP_MS);
            g->lamp = 1;
        }
        return;
    }
    game_overlay_yellow(g, cell, GAME_CONFIRM_MS);
}

/* A short or a long press (released alone). */
static void game_press(game_t *g, uint8_t cell, uint8_t is_long)
{
    uint16_t bit = game_bit(cell);
    if (is_long) {
        if (g->over || !(g->pos.x | g->pos.o)) {
            game_menu(g, cell);
        } else if (!((g->pos.x | g->pos.o) & bit)) {
            (void)game_hint(g);
        } else {
            game_analysis(g);
        }
    } else if (g->over) {
        game_new(g, g->settings.mode); /* this press is not a move */
    } else if (game_person_move(g, cell) == GAME_ERR_TAKEN) {
        game_overlay(g, 0, 0, 0, GAME_ERROR_MS); /* the taken cell blinks in its color */
        g->ov.blink = bit;
    }
}

/* The gesture under way will do nothing; an armed cell goes dark. */
GAME_SHARED static void game_void_gesture(game_t *g)
{
    if (g->gest == GEST_ARMED) {
        g->ms[GAME_T_OVERLAY] = 0;
    }
    g->gest |= GEST_VOID;
}

void game_key(game_t *g, const key_event_t *ev)
{
    uint8_t cell = ev->cell;
    uint16_t bit;
    if (cell >= POS_CELLS) {
        return;
    }
    bit = game_bit(cell);
    if (g->stuck & bit) { /* its release frees it; nothing else it does counts */
        if (ev->kind == KEY_EV_RELEASE) {
            g->stuck &= (uint16_t)~bit;
        }
        return;
    }
    g->ms[GAME_T_HELD] = GAME_STUCK_MS; /* the set of held keys changes */
    if (ev->kind == KEY_EV_PRESS) {
        if (g->held) {
            game_void_gesture(g); /* two keys at once: ignore the gesture */
        } else {
            g->gest_cell = cell;
            g->gest = 0;
            if (g->ms[GAME_T_BOOT] || g->ms[GAME_T_GUARD] || game_ai_to_move(g)) {
                g->gest = GEST_VOID;
            } else {
                if (g->ms[GAME_T_OVERLAY] && g->ov_cover == POS_ALL) {
                    g->gest = GEST_VOID; /* this press only dismisses the display */
                }
                g->ms[GAME_T_OVERLAY] = 0; /* and a hint or a confirmation ends here */
            }
        }
        g->held |= bit;
    } else if (ev->kind == KEY_EV_RELEASE && (g->held & bit)) {
        g->held &= (uint16_t)~bit;
        if (!g->held && g->gest_cell == cell && !(g->gest & GEST_VOID)) {
            g->ms[GAME_T_OVERLAY] = 0; /* the armed light goes */
            game_press(g, cell, g->gest);
        }
    }
}

void game_keys_sync(game_t *g, uint16_t keys_state)
{
    keys_state &= POS_ALL;
    g->stuck &= keys_state; /* a stuck key that is up again is free */
    keys_state &= (uint16_t)~g->stuck;
    if (keys_state != g->held) {
        g->ms[GAME_T_HELD] = GAME_STUCK_MS;
        g->held = keys_state;
        game_void_gesture(g);
    }
}

void game_tick(game_t *g, uint16_t elapsed_ms)
{
    uint16_t *t = g->ms;
    g->clock = (uint16_t)(g->clock + elapsed_ms);
    for (uint8_t i = 0; i < GAME_TIMERS; i++) {
        t[i] = t[i] > elapsed_ms ? (uint16_t)(t[i] - elapsed_ms) : 0u;
    }
    if (game_ai_to_move(g) && !t[GAME_T_AI]) {
        uint8_t cell = level_pick(g->pos, g->settings.level, &g->rng);
        g->last_ai = cell;
        t[GAME_T_BLINK] = GAME_AI_BLINK_MS;
        game_place(g, cell, s_ai);
    }
    if (!g->held) {
        return;
    }
    if (!t[GAME_T_HELD]) {
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
    } else if (g->gest == 0 && t[GAME_T_HELD] <= GAME_STUCK_MS - GAME_LONG_MS &&
               g->held == game_bit(g->gest_cell)) {
        g->gest = GEST_ARMED; /* its release is a long press */
        game_overlay_yellow(g, g->gest_cell, GAME_STUCK_MS);
    }
}

void game_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t red = g->pos.x, green = g->pos.o, blink = 0;
    uint16_t t = g->ms[GAME_T_BOOT];
    if (t) {
        /* Greeting: a yellow head with a green and a red tail runs over the cells. */
        uint16_t head = game_bit((uint8_t)((GAME_BOOT_MS - t) / (GAME_BOOT_MS / 9u)));
        green = (uint16_t)(head | (head >> 1));
        red = (uint16_t)(head | (head >> 2));
    } else {
        if (g->over) {
            blink = g->winner ? pos_lines(g->winner == PLAYER_X ? red : green) : POS_ALL;
        } else if (g->ms[GAME_T_BLINK]) {
            blink = game_bit(g->last_ai);
        }
        t = g->ms[GAME_T_OVERLAY];
        if (t) {
            uint16_t keep = (uint16_t)~g->ov_cover;
            leds_frame_t ov = g->ov;
            if (g->lamp) {
                /* red, then green, then yellow, GAME_LAMP_STEP_MS each: steps 2, 1, 0 */
                uint8_t step = (uint8_t)((t - 1u) / GAME_LAMP_STEP_MS);
                ov.red = step != 1u ? POS_ALL : 0;
                ov.green = step != 2u ? POS_ALL : 0;
            }
            red = (uint16_t)((red & keep) | ov.red);
            green = (uint16_t)((green & keep) | ov.green);
            blink = (uint16_t)((blink & keep) | ov.blink);
        }
    }
    f->red = red;
    f->green = green;
    f->blink = blink;
}

uint8_t game_take_save(game_t *g)
{
    uint8_t s = g->save;
    g->save = 0;
    return s;
}

void game_wake(game_t *g)
{
    g->ms[GAME_T_OVERLAY] = 0;
    g->held = 0;
    g->ms[GAME_T_GUARD] = GAME_WAKE_GUARD_MS;
}
