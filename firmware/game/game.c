/* firmware/game/game.c - the game state machine: greeting, menu long-presses, play against
 * the AI or a second person, hints, analysis, game over, statistics.
 * Invariants: pos is always a legal position; phase is GAME_OVER exactly when pos is
 * won or full; settings are always in range. Gestures: a key pressed alone and
 * released before KEYS_LONG_PRESS_MS is a short press; held past it, its cell lights
 * yellow ("armed") and the release is a long press. Both act on the release, so a key
 * that never comes up (jammed, or something lying on it) never triggers anything; a
 * second key down voids the whole gesture. */
#include "game.h"
#include <string.h>
#include "console_out.h"
#include "engine.h"
#include "level.h"
#include "power.h" /* RESET_* constants only: no HAL call here */

enum { OV_NONE = 0, OV_CELL, OV_FULL, OV_LAMP };
enum { GEST_VOID = 1, GEST_LONG = 2 };
#define NO_CELL 0xFFu

CONSOLE_STR(s_ready, "ttt: ready (type help)");
CONSOLE_STR(s_wdt, "ttt: watchdog reset");
CONSOLE_STR(s_crc, "ttt: table CRC bad, using solver");
CONSOLE_STR(s_new, "new: ");
CONSOLE_STR(s_level, "level: ");
CONSOLE_STR(s_stuck, ", ignored until released");
CONSOLE_STR(s_key, "key: stuck");
CONSOLE_STR(s_move, "move: ");
CONSOLE_STR(s_ai, "ai: ");
CONSOLE_STR(s_result, "result: ");
CONSOLE_STR(s_wins, " wins");
CONSOLE_STR(s_draw, "draw");
CONSOLE_STR(s_hint, "hint: ");
CONSOLE_STR(s_analysis, "analysis:");
CONSOLE_STR(s_stats_cleared, "stats: cleared");
CONSOLE_STR(s_mode_x, "vs ai, you x");
CONSOLE_STR(s_mode_o, "vs ai, you o");
CONSOLE_STR(s_mode_2p, "two players");
CONSOLE_STR(s_perfect, "perfect");
CONSOLE_STR(s_medium, "medium");
CONSOLE_STR(s_easy, "easy");
CONSOLE_STR(s_comma_level, ", level ");
CONSOLE_STR(s_win_w, " win");
CONSOLE_STR(s_draw_w, " draw");
CONSOLE_STR(s_loss_w, " loss");

static uint8_t game_color(pos_t p, uint8_t cell)
{
    uint16_t bit = (uint16_t)(1u << cell);
    if (p.x & bit) {
        return LED_RED;
    }
    if (p.o & bit) {
        return LED_GREEN;
    }
    return LED_OFF;
}

void game_put_mode(uint8_t mode)
{
    console_put_P(mode == GAME_MODE_AI_X ? s_mode_x : mode == GAME_MODE_AI_O ? s_mode_o
                                                                              : s_mode_2p);
}

void game_put_level(uint8_t level)
{
    console_put_P(level == LEVEL_PERFECT ? s_perfect : level == LEVEL_MEDIUM ? s_medium
                                                                              : s_easy);
}

uint8_t game_ai_to_move(const game_t *g)
{
    uint8_t mover = pos_to_move(g->pos);
    if (g->phase != GAME_PLAY || g->settings.mode == GAME_MODE_2P) {
        return 0;
    }
    return g->settings.mode == GAME_MODE_AI_X ? mover == PLAYER_O : mover == PLAYER_X;
}

static void game_overlay_cell(game_t *g, uint8_t cell, uint8_t value, uint16_t ms)
{
    g->ov_kind = OV_CELL;
    g->ov_cell = cell;
    g->ov_value = value;
    g->ov_ms = ms;
}

static void game_overlay_full(game_t *g, uint16_t ms)
{
    g->ov_kind = OV_FULL;
    g->ov_ms = ms;
}

/* Check for the end after a mark was placed; count and announce it. */
static void game_check_end(game_t *g)
{
    uint8_t w = pos_winner(g->pos);
    uint8_t kind;
    if (w == PLAYER_NONE && pos_empty(g->pos) != 0) {
        if (game_ai_to_move(g)) {
            g->ai_ms = GAME_AI_DELAY_MS;
        }
        return;
    }
    g->phase = GAME_OVER;
    g->winner = w;
    console_put_P(s_result);
    if (w == PLAYER_NONE) {
        console_line_P(s_draw);
        kind = STATS_DRAW;
    } else {
        console_put_player(w);
        console_line_P(s_wins);
        if (g->settings.mode == GAME_MODE_2P) {
            kind = w == PLAYER_X ? STATS_WIN : STATS_LOSS;
        } else {
            uint8_t person = g->settings.mode == GAME_MODE_AI_X ? PLAYER_X : PLAYER_O;
            kind = w == person ? STATS_WIN : STATS_LOSS;
        }
    }
    stats_count(&g->stats, g->settings.mode, kind);
    g->save |= GAME_SAVE_STATS;
}

static void game_place(game_t *g, uint8_t cell, const char *prefix_P)
{
    uint8_t mover = pos_to_move(g->pos);
    g->pos = pos_play(g->pos, cell);
    console_put_P(prefix_P); /* `move: 5 (x)` / `ai: 5 (o)` */
    console_put_cell(cell);
    console_putc(' ');
    console_putc('(');
    console_put_player(mover);
    console_putc(')');
    console_nl();
    game_check_end(g);
}

static void game_ai_move(game_t *g)
{
    uint8_t cell = level_pick(g->pos, g->settings.level, &g->rng);
    g->last_ai = cell;
    g->blink_ms = GAME_AI_BLINK_MS;
    game_place(g, cell, s_ai);
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
    g->pos.x = 0;
    g->pos.o = 0;
    g->phase = GAME_PLAY;
    g->winner = PLAYER_NONE;
    g->last_ai = NO_CELL;
    g->blink_ms = 0;
    g->ai_ms = GAME_AI_DELAY_MS;
    g->ov_kind = OV_NONE;
    console_put_P(s_new);
    game_put_mode(mode);
    console_put_P(s_comma_level);
    game_put_level(g->settings.level);
    console_nl();
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
    console_put_P(s_level);
    game_put_level(level);
    console_nl();
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
    if (reset_cause & RESET_WATCHDOG) {
        console_line_P(s_wdt);
    }
    if (!table_ok) {
        console_line_P(s_crc);
    }
    console_line_P(s_ready);
    game_new(g, g->settings.mode);
    /* The AI's opening (person plays o) shows after the greeting. */
    g->ai_ms = GAME_BOOT_MS + GAME_AI_DELAY_MS;
}

uint8_t game_person_move(game_t *g, uint8_t cell)
{
    if (cell >= POS_CELLS) {
        return GAME_ERR_CELL;
    }
    if (g->phase != GAME_PLAY) {
        return GAME_ERR_OVER;
    }
    if (game_ai_to_move(g)) {
        return GAME_ERR_NOT_YOUR_TURN;
    }
    if (!(pos_empty(g->pos) & (1u << cell))) {
        return GAME_ERR_TAKEN;
    }
    level_stir(&g->rng, g->clock);
    if (g->ov_kind != OV_NONE && g->ov_kind != OV_LAMP) {
        g->ov_kind = OV_NONE;
    }
    game_place(g, cell, s_move);
    return GAME_OK;
}

void game_hint(game_t *g)
{
    uint8_t cell;
    if (g->phase != GAME_PLAY || game_ai_to_move(g)) {
        return;
    }
    cell = engine_move(g->pos);
    game_overlay_cell(g, cell, LED_YELLOW, GAME_HINT_MS);
    console_put_P(s_hint);
    console_put_cell(cell);
    console_nl();
}

static void game_analysis(game_t *g)
{
    uint16_t empty = pos_empty(g->pos);
    console_put_P(s_analysis);
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        uint8_t v = LED_OFF;
        if (empty & (1u << c)) {
            /* The child's outcome is for the opponent; flip it for the person. */
            engine_outcome_t o = engine_outcome(pos_play(g->pos, c));
            const char *word;
            if (o.result == ENGINE_LOSS) {
                v = LED_GREEN;
                word = s_win_w;
            } else if (o.result == ENGINE_DRAW) {
                v = LED_YELLOW;
                word = s_draw_w;
            } else {
                v = LED_RED;
                word = s_loss_w;
            }
            console_putc(' ');
            console_put_cell(c);
            console_put_P(word);
        }
        g->ov_frame[c] = v;
    }
    console_nl();
    game_overlay_full(g, GAME_ANALYSIS_MS);
}

void game_stats_clear(game_t *g)
{
    stats_clear(&g->stats);
    g->save |= GAME_SAVE_STATS;
    console_line_P(s_stats_cleared);
}

/* Cell 7: wins green, draws yellow, losses red, in proportion over the 9 cells. */
static void game_show_stats(game_t *g)
{
    static const uint8_t colors[STATS_KINDS] PROGMEM = {LED_GREEN, LED_YELLOW, LED_RED};
    uint8_t split[STATS_KINDS];
    uint8_t c = 0;
    stats_split9(&g->stats, g->settings.mode, split);
    memset(g->ov_frame, LED_OFF, sizeof g->ov_frame);
    for (uint8_t k = 0; k < STATS_KINDS; k++) {
        while (split[k]--) {
            g->ov_frame[c++] = pgm_read_byte(&colors[k]);
        }
    }
    game_overlay_full(g, GAME_STATS_MS);
}

/* Long press on the empty board (or at game over): the menu of the UI spec. */
static void game_menu(game_t *g, uint8_t cell)
{
    if (cell <= 2) {
        game_new(g, cell); /* cell 1/2/3 = GAME_MODE_AI_X/AI_O/2P */
    } else if (cell <= 5) {
        game_set_level(g, (uint8_t)(cell - 3));
        if (g->phase == GAME_OVER) {
            game_new(g, g->settings.mode);
        }
    } else if (cell == 6) {
        game_show_stats(g);
        return;
    } else if (cell == 7) {
        memset(g->ov_frame, LED_OFF, sizeof g->ov_frame);
        g->ov_frame[g->settings.mode] = LED_YELLOW;
        g->ov_frame[3 + g->settings.level] = LED_YELLOW;
        game_overlay_full(g, GAME_SETTINGS_MS);
        return;
    } else {
        g->ov_kind = OV_LAMP;
        g->ov_ms = 3u * GAME_LAMP_STEP_MS;
        return;
    }
    game_overlay_cell(g, cell, LED_YELLOW, GAME_CONFIRM_MS);
}

static void game_long(game_t *g, uint8_t cell)
{
    if (g->phase == GAME_OVER || (g->pos.x | g->pos.o) == 0) {
        game_menu(g, cell);
    } else if (pos_empty(g->pos) & (1u << cell)) {
        game_hint(g);
    } else {
        game_analysis(g);
    }
}

static void game_short(game_t *g, uint8_t cell)
{
    if (g->phase == GAME_OVER) {
        game_new(g, g->settings.mode); /* this press is not a move */
    } else if (game_person_move(g, cell) == GAME_ERR_TAKEN) {
        game_overlay_cell(g, cell, (uint8_t)(game_color(g->pos, cell) | LED_BLINK),
                          GAME_ERROR_MS);
    }
}

/* The gesture under way will do nothing; an armed (long-held) cell goes dark. */
static void game_void_gesture(game_t *g)
{
    if (g->gest_flags == GEST_LONG) {
        g->ov_kind = OV_NONE;
    }
    g->gest_flags |= GEST_VOID;
}

void game_key(game_t *g, const key_event_t *ev)
{
    uint16_t bit;
    if (ev->cell >= POS_CELLS) {
        return;
    }
    bit = (uint16_t)(1u << ev->cell);
    if (g->stuck & bit) { /* its release frees it; nothing else it does counts */
        if (ev->kind == KEY_EV_RELEASE)
            g->stuck &= (uint16_t)~bit;
        return;
    }
    if (ev->kind != KEY_EV_LONG)
        g->held_ms = 0; /* the set of held keys changes */
    if (ev->kind == KEY_EV_PRESS) {
        if (g->held == 0) {
            g->gest_cell = ev->cell;
            g->gest_flags = 0;
            if (g->boot_ms || g->guard_ms || game_ai_to_move(g)) {
                g->gest_flags = GEST_VOID;
            } else if (g->ov_kind == OV_FULL || g->ov_kind == OV_LAMP) {
                g->ov_kind = OV_NONE; /* this press only dismisses the display */
                g->gest_flags = GEST_VOID;
            } else {
                g->ov_kind = OV_NONE;
            }
        } else {
            game_void_gesture(g); /* two keys at once: ignore the gesture */
        }
        g->held |= bit;
    } else if (ev->kind == KEY_EV_LONG) {
        if (g->held == bit && g->gest_cell == ev->cell && g->gest_flags == 0) {
            g->gest_flags = GEST_LONG; /* armed: acts when released */
            game_overlay_cell(g, ev->cell, LED_YELLOW, GAME_STUCK_MS);
        }
    } else if (ev->kind == KEY_EV_RELEASE) {
        if (!(g->held & bit)) {
            return; /* a release we never saw pressed */
        }
        g->held &= (uint16_t)~bit;
        if (g->held == 0 && g->gest_cell == ev->cell) {
            if (g->gest_flags == 0) {
                game_short(g, ev->cell);
            } else if (g->gest_flags == GEST_LONG) {
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
        game_ai_move(g);
    }
    if (g->held) {
        g->held_ms = g->held_ms > GAME_STUCK_MS ? GAME_STUCK_MS : (uint16_t)(g->held_ms + elapsed_ms);
        if (g->held_ms >= GAME_STUCK_MS) {
            console_put_P(s_key); /* one line for all: `key: stuck 5 7, ignored ...` */
            for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
                if (g->held & (1u << cell)) {
                    console_putc(' ');
                    console_put_cell(cell);
                }
            }
            console_line_P(s_stuck);
            game_void_gesture(g); /* a stuck key is not armed */
            g->stuck |= g->held;
            g->held = 0;
            g->held_ms = 0;
        }
    }
}

void game_frame(const game_t *g, uint8_t frame[LEDS_CELLS])
{
    uint16_t line = 0;
    if (g->boot_ms) {
        /* Greeting: a yellow head with a green and a red tail runs over the cells. */
        uint8_t step = (uint8_t)((GAME_BOOT_MS - g->boot_ms) / (GAME_BOOT_MS / 9u));
        memset(frame, LED_OFF, LEDS_CELLS);
        if (step < 9) {
            frame[step] = LED_YELLOW;
        }
        if (step >= 1 && step < 10) {
            frame[step - 1] = LED_GREEN;
        }
        if (step >= 2 && step < 11) {
            frame[step - 2] = LED_RED;
        }
        return;
    }
    if (g->ov_kind == OV_FULL) {
        memcpy(frame, g->ov_frame, LEDS_CELLS);
        return;
    }
    if (g->ov_kind == OV_LAMP) {
        static const uint8_t lamp[3] PROGMEM = {LED_YELLOW, LED_GREEN, LED_RED};
        memset(frame, pgm_read_byte(&lamp[(g->ov_ms - 1u) / GAME_LAMP_STEP_MS]), LEDS_CELLS);
        return;
    }
    if (g->phase == GAME_OVER) {
        line = g->winner == PLAYER_X   ? pos_lines(g->pos.x)
               : g->winner == PLAYER_O ? pos_lines(g->pos.o)
                                       : POS_ALL;
    }
    for (uint8_t c = 0; c < LEDS_CELLS; c++) {
        frame[c] = game_color(g->pos, c);
        if (line & (1u << c)) {
            frame[c] |= LED_BLINK;
        }
    }
    if (g->phase == GAME_PLAY && g->blink_ms && g->last_ai < LEDS_CELLS) {
        frame[g->last_ai] |= LED_BLINK;
    }
    if (g->ov_kind == OV_CELL) {
        frame[g->ov_cell] = g->ov_value;
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
