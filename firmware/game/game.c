/* firmware/game/game.c - the game state machine: greeting, menu long presses, play
 * against the AI or a second person, hints, analysis, game over, statistics.
 * Invariants: pos is always a legal position; `over` is set exactly when pos is won or
 * full; settings are always in range; a gesture that is not void has its key held
 * alone, or nothing held. Every temporary display (the greeting, a hint, the analysis,
 * the menu's displays and confirmations) is the one overlay: what it is, two color
 * masks and a count-down; blinking cells are one mask and a count-down. Gestures: a key
 * pressed alone and released before GAME_LONG_MS is a short press; held past it alone,
 * its cell lights yellow (armed) and the release is a long press. Both act on the
 * release, so a key that never comes up (jammed, or something lying on it) never
 * triggers anything; a second key down voids the whole gesture. */
#include "game.h"

#include <stddef.h>
#include <string.h>

#include "engine.h"
#include "level.h"
#include "out.h"

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
/* Word lists (out_nth_P): modes, levels; the person's outcome of a move in the
 * analysis. */
OUT_STR(s_modes, "vs ai, you x\0vs ai, you o\0two players");
static const char game_level_names[] PROGMEM = "perfect\0medium\0easy";
OUT_STR(s_outcomes, " win\0 draw\0 loss");

/* The AI plays o against person x (GAME_MODE_AI_X), x against person o; with two
 * players nobody is the AI. */
_Static_assert(STATS_WIN == 0 && PLAYER_O == PLAYER_X + 1, "a game's kind is 0 or STATS_LOSS");
_Static_assert(PLAYER_O - GAME_MODE_AI_X == PLAYER_O && PLAYER_O - GAME_MODE_AI_O == PLAYER_X &&
                   PLAYER_O - GAME_MODE_2P == PLAYER_NONE,
               "the AI's player is PLAYER_O - mode");

static uint16_t game_bit(uint8_t cell)
{
    return (uint16_t)(1u << cell);
}

void game_put_mode(uint8_t mode)
{
    out_nth_P(s_modes, mode);
}

static void game_put_level(uint8_t level)
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

/* The marked cells. */
static uint16_t game_marked(const game_t *g)
{
    return (uint16_t)(g->pos.x | g->pos.o);
}

/* Whether the person may act now: GAME_OK, GAME_ERR_OVER or GAME_ERR_NOT_YOUR_TURN (the
 * AI's turn). */
static uint8_t game_turn(const game_t *g)
{
    if (g->over) {
        return GAME_ERR_OVER;
    }
    return pos_to_move(g->pos) == (uint8_t)(PLAYER_O - g->settings.mode) ? GAME_ERR_NOT_YOUR_TURN
                                                                         : GAME_OK;
}

uint8_t game_ai_to_move(const game_t *g)
{
    return game_turn(g) == GAME_ERR_NOT_YOUR_TURN;
}

/* The overlay: `show` (GAME_SHOW_*) with these colors for ms. */
static void game_show(game_t *g, uint8_t show, uint16_t red, uint16_t green,
                                  uint16_t ms)
{
    g->show = show;
    g->ov_red = red;
    g->ov_green = green;
    g->ms[GAME_T_OVERLAY] = ms;
}

/* One cell in yellow over the board. */
static void game_show_cell(game_t *g, uint8_t cell, uint16_t ms)
{
    uint16_t bit = game_bit(cell);
    game_show(g, GAME_SHOW_CELLS, bit, bit, ms);
}

/* Put the mover's mark on `cell` and say so (`move: 5 (x)` / `ai: 5 (o)`); then the
 * game goes on (the AI's reply is due), or it is over: say it and count it. */
static void game_place(game_t *g, uint8_t cell, const char *prefix_P)
{
    pos_t p = g->pos;
    uint8_t mover = pos_to_move(p);
    uint8_t kind = STATS_DRAW;
    uint16_t line;
    g->pos = p = pos_play(p, cell);
    out_P(prefix_P);
    out_cell(cell);
    out_byte(' ');
    out_byte('(');
    out_player(mover);
    out_byte(')');
    out_nl();
    /* only the mover can have completed a line */
    line = pos_lines(mover == PLAYER_X ? p.x : p.o);
    if (line) {
        /* vs the AI: the person's win or loss; two players: x wins, o wins. So a
         * loss is o winning, or x when the person plays o. */
        kind = (uint8_t)(((uint8_t)(mover - PLAYER_X) ^ (g->settings.mode == GAME_MODE_AI_O)) *
                         STATS_LOSS);
    } else if ((p.x | p.o) != POS_ALL) {
        g->ms[GAME_T_AI] = GAME_AI_DELAY_MS;
        return;
    } else {
        line = POS_ALL; /* a draw: all nine blink */
        mover = PLAYER_NONE;
    }
    g->over = 1;
    g->winner = mover;
    g->blink = line;
    out_P(s_result);
    game_put_result(mover);
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
    g->pos = (pos_t){0, 0};
    g->over = 0;
    g->winner = PLAYER_NONE;
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
    stats_record_t rec = g->rec;
    *g = (game_t){.rec = rec};
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
    /* The greeting first (no press counts meanwhile); the AI's opening (person plays
     * o) shows after it. */
    g->show = GAME_SHOW_SWEEP;
    g->ms[GAME_T_OVERLAY] = g->ms[GAME_T_GUARD] = GAME_BOOT_MS;
    g->ms[GAME_T_AI] = GAME_BOOT_MS + GAME_AI_DELAY_MS;
}

uint8_t game_person_move(game_t *g, uint8_t cell)
{
    uint8_t r = game_turn(g);
    if (!r && (game_marked(g) & game_bit(cell))) {
        r = GAME_ERR_TAKEN;
    }
    if (!r) {
        g->ms[GAME_T_OVERLAY] = 0;
        game_place(g, cell, s_move);
    }
    return r;
}

uint8_t game_hint(game_t *g)
{
    uint8_t cell;
    if (game_turn(g)) {
        return 0;
    }
    cell = engine_move(g->pos);
    game_show_cell(g, cell, GAME_HINT_MS);
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
    uint16_t marked = game_marked(g);
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
    game_show(g, GAME_SHOW_FULL, red, green, GAME_ANALYSIS_MS);
}

void game_stats_clear(game_t *g)
{
    stats_clear(&g->stats);
    g->save = 1;
    out_line_P(s_stats_cleared);
}

/* Menu cell 7: the nine cells shared between wins (green), draws (yellow) and losses
 * (red) of the current mode in proportion, in reading order: cell c is green while
 * (c + 1) * total - total / 2 <= 9 * wins, and not red while (c + 1) * total - total /
 * 2 <= 9 * (wins + draws) (each boundary at the nearest cell); all dark with no games. */
static void game_show_stats(game_t *g)
{
    const uint16_t *n = g->stats.n[g->settings.mode];
    uint16_t w = n[STATS_WIN], d = n[STATS_DRAW], l = n[STATS_LOSS];
    uint16_t total, acc, green = 0, red = 0;
    /* Keep 9 * total within 16 bits: halve until each count is below 2048 (at most 5
     * rounds for 16-bit counts). A kind that drops to 0 is under 1/1000 of the games:
     * no cell either way. */
    while ((w | d | l) >= 2048u) {
        w >>= 1;
        d >>= 1;
        l >>= 1;
    }
    total = (uint16_t)(w + d + l);
    acc = (uint16_t)(total - (total >> 1)); /* for cell 0 */
    w = (uint16_t)(9u * w);                 /* the end of the wins, */
    d = (uint16_t)(w + 9u * d);             /* of the draws */
    for (uint16_t bit = 1; total && bit <= POS_ALL; bit = (uint16_t)(bit << 1)) {
        if (acc > w) {
            red |= bit; /* draw (yellow) or loss */
        }
        if (acc <= d) {
            green |= bit; /* win or draw (yellow) */
        }
        acc = (uint16_t)(acc + total);
    }
    game_show(g, GAME_SHOW_FULL, red, green, GAME_STATS_MS);
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
            game_show(g, GAME_SHOW_FULL, both, both, GAME_SETTINGS_MS);
        } else {
            game_show(g, GAME_SHOW_LAMP, POS_ALL, POS_ALL, 3u * GAME_LAMP_STEP_MS);
        }
        return;
    }
    game_show_cell(g, cell, GAME_CONFIRM_MS);
}

/* A short or a long press (released alone). */
static void game_press(game_t *g, uint8_t cell, uint8_t is_long)
{
    uint16_t bit = game_bit(cell);
    if (is_long) {
        uint16_t marked = game_marked(g);
        if (g->over || !marked) {
            game_menu(g, cell);
        } else if (!(marked & bit)) {
            (void)game_hint(g);
        } else {
            game_analysis(g);
        }
    } else if (g->over) {
        game_new(g, g->settings.mode); /* this press is not a move */
    } else if (game_person_move(g, cell) == GAME_ERR_TAKEN) {
        g->blink = bit; /* the taken cell blinks in its color */
        g->ms[GAME_T_BLINK] = GAME_ERROR_MS;
    }
}

/* The armed key (bit mask): the key of a gesture under way (not void: so it is held
 * alone, or nothing is held) held GAME_LONG_MS or longer; its release is a long press.
 * 0 if none. */
static uint16_t game_armed(const game_t *g)
{
    return g->gest_cell < POS_CELLS && g->ms[GAME_T_HELD] <= GAME_STUCK_MS - GAME_LONG_MS
               ? g->held
               : 0u;
}

void game_key(game_t *g, const key_event_t *ev)
{
    uint8_t cell = ev->cell;
    uint16_t bit, armed, held = g->held;
    if (cell >= POS_CELLS) {
        return;
    }
    bit = game_bit(cell);
    if (g->stuck & bit) { /* nothing it does counts; game_keys_sync() frees it */
        return;
    }
    armed = game_armed(g);
    g->ms[GAME_T_HELD] = GAME_STUCK_MS; /* the set of held keys changes */
    if (ev->kind == KEY_EV_PRESS) {
        g->held = held | bit;
        if (held || g->ms[GAME_T_GUARD] || game_ai_to_move(g)) {
            cell = POS_CELLS; /* two keys at once, or too early: a void gesture */
        } else {
            if (g->ms[GAME_T_OVERLAY] && g->show != GAME_SHOW_CELLS) {
                cell = POS_CELLS; /* this press only dismisses the display */
            }
            g->ms[GAME_T_OVERLAY] = 0; /* and a hint or a confirmation ends here */
        }
        g->gest_cell = cell;
    } else if (ev->kind == KEY_EV_RELEASE && (held & bit)) {
        g->held = held = (uint16_t)(held & ~bit);
        if (!held && g->gest_cell == cell) {
            game_press(g, cell, armed != 0);
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
        g->gest_cell = POS_CELLS; /* the gesture will do nothing */
    }
}

void game_tick(game_t *g, uint16_t elapsed_ms)
{
    uint16_t *t = g->ms;
    /* the time of every event goes into the AI's choices */
    g->rng = (uint16_t)(g->rng + elapsed_ms);
    for (uint8_t i = 0; i < GAME_TIMERS; i++) {
        t[i] = t[i] > elapsed_ms ? (uint16_t)(t[i] - elapsed_ms) : 0u;
    }
    if (game_ai_to_move(g) && !t[GAME_T_AI]) {
        uint8_t cell = level_pick(g->pos, g->settings.level, &g->rng);
        g->blink = game_bit(cell);
        t[GAME_T_BLINK] = GAME_AI_BLINK_MS;
        game_place(g, cell, s_ai);
    }
    if (g->held && !t[GAME_T_HELD]) {
        uint16_t rest = g->held;
        out_P(s_stuck); /* one line for all: `key: stuck 5 7, ignored until released` */
        for (uint8_t cell = 0; rest; cell++, rest >>= 1) { /* at most 9 passes */
            if (rest & 1u) {
                out_byte(' ');
                out_cell(cell);
            }
        }
        out_line_P(s_stuck_end);
        g->gest_cell = POS_CELLS;
        g->stuck |= g->held;
        g->held = 0;
    }
}

void game_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t t = g->ms[GAME_T_OVERLAY];
    /* an armed key lights yellow over the board, else the overlay if it runs */
    uint16_t ov_red = game_armed(g), ov_green = ov_red, keep, blink = 0;
    uint8_t show = GAME_SHOW_CELLS;
    if (!ov_red && t) {
        show = g->show;
        ov_red = g->ov_red;
        ov_green = g->ov_green;
        if (show == GAME_SHOW_LAMP) {
            /* red, then green, then yellow, GAME_LAMP_STEP_MS each: steps 2, 1, 0 */
            uint8_t step = (uint8_t)((t - 1u) / GAME_LAMP_STEP_MS);
            if (step == 1u) {
                ov_red = 0;
            }
            if (step == 2u) {
                ov_green = 0;
            }
        } else if (show == GAME_SHOW_SWEEP) {
            /* A yellow head with a green and a red tail runs over the cells, one per
             * GAME_BOOT_MS / 9 (80 ms): at cell 8 - (t - 1) / 80, found without a
             * division (t <= GAME_BOOT_MS: at most 8 passes). */
            uint8_t cell = POS_CELLS - 1u;
            uint16_t head;
            for (uint16_t left = t; left > GAME_BOOT_MS / 9u; left -= GAME_BOOT_MS / 9u) {
                cell--;
            }
            head = game_bit(cell);
            ov_green = (uint16_t)(head | (head >> 1));
            ov_red = (uint16_t)(head | (head >> 2));
        }
    }
    keep = show == GAME_SHOW_CELLS ? (uint16_t)~ov_red : 0u;
    if (g->over || g->ms[GAME_T_BLINK]) {
        blink = g->blink & keep;
    }
    f->red = (uint16_t)((g->pos.x & keep) | ov_red);
    f->green = (uint16_t)((g->pos.o & keep) | ov_green);
    f->blink = blink;
}

void game_wake(game_t *g)
{
    g->ms[GAME_T_OVERLAY] = 0;
    g->held = 0;
    g->ms[GAME_T_GUARD] = GAME_WAKE_GUARD_MS;
}
