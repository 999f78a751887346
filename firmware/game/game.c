/* firmware/game/game.c - the game state machine (the gestures, the menu and the displays:
 * firmware/README.md). Invariants: pos is always legal; `over` is set exactly when pos
 * is won or full; settings are always in range; a gesture that is not void has its key
 * held alone, or nothing held. Every temporary display is the one overlay (what it is,
 * two color masks and a count-down), the menu too; blinking cells are one mask and a
 * count-down, and so are the flickering cells of ignored presses. */
#include "game.h"

#include <stddef.h>
#include <string.h>

#include "engine.h"
#include "level.h"
#include "menu.h"
#include "pgm.h"

static uint16_t game_bit(uint8_t cell)
{
    return (uint16_t)(1u << cell);
}

/* Each menu cell's action and argument (menu.h), in flash. */
enum { GAME_MENU_ACTION, GAME_MENU_ARG };
#define GAME_MENU_ENTRY(cell, action, arg, lng, shrt)                                              \
    {GAME_MENU_##action, GAME_MENU_ARG_##action(arg)},
static const uint8_t game_menu[POS_CELLS][2] PROGMEM = {GAME_MENU(GAME_MENU_ENTRY)};
_Static_assert(GAME_MENU_CELLS == POS_CELLS, "a menu entry per cell");

static uint8_t game_menu_get(uint8_t cell, uint8_t field)
{
    return pgm_read_byte(&game_menu[cell][field]);
}

/* A new report, its fields cleared (past GAME_REPORTS_MAX: the last overwritten). */
static game_report_t *game_report(game_t *g, game_report_kind_t kind)
{
    game_report_t *r = &g->report[GAME_REPORTS_MAX - 1u];
    if (g->reports < GAME_REPORTS_MAX) {
        r = &g->report[g->reports++];
    }
    *r = (game_report_t){.kind = kind};
    return r;
}

bool game_take_report(game_t *g, game_report_t *r)
{
    if (!g->reports) {
        return false;
    }
    *r = g->report[0];
    g->reports--;
    for (uint8_t i = 0; i < g->reports; i++) {
        g->report[i] = g->report[i + 1];
    }
    return true;
}

/* The sound of an event, if the setting lets it play; a result's stays over the events
 * after it in the same call (firmware/README.md, "Sound"). */
static void game_sound(game_t *g, uint8_t id)
{
    if (sounds_allowed(g->settings.sound, id) &&
        !(g->sound < SOUNDS_N && ((SOUNDS_QUIET >> g->sound) & 1u))) {
        g->sound = id;
    }
}

uint8_t game_take_sound(game_t *g)
{
    uint8_t id = g->sound;
    g->sound = SOUNDS_NONE;
    return id;
}

static uint8_t game_ai_player(uint8_t mode)
{
    if (mode == GAME_MODE_AI_X) {
        return PLAYER_O;
    }
    return mode == GAME_MODE_AI_O ? PLAYER_X : PLAYER_NONE;
}

/* How a finished game counts: vs the AI, the person's win, draw or loss; two players,
 * x wins (STATS_WIN), a draw or o wins (STATS_LOSS). */
static uint8_t game_stats_kind(uint8_t mode, uint8_t winner)
{
    if (winner == PLAYER_NONE) {
        return STATS_DRAW;
    }
    if (mode == GAME_MODE_AI_O) {
        return winner == PLAYER_O ? STATS_WIN : STATS_LOSS;
    }
    return winner == PLAYER_X ? STATS_WIN : STATS_LOSS;
}

/* The result's sound: the person's win, draw or loss against the AI; two players, a win
 * is the winner's (firmware/README.md, "Sound"). */
static uint8_t game_result_sound(uint8_t mode, uint8_t winner)
{
    if (winner == PLAYER_NONE) {
        return SOUNDS_draw;
    }
    return mode == GAME_MODE_2P || game_stats_kind(mode, winner) == STATS_WIN ? SOUNDS_win
                                                                              : SOUNDS_loss;
}

static uint16_t game_marked(const game_t *g)
{
    return (uint16_t)(g->pos.x | g->pos.o);
}

/* The person has played in this game (after that, until the end, no menu; a new game
 * abandons it). */
static bool game_person_moved(const game_t *g)
{
    uint8_t ai = game_ai_player(g->settings.mode);
    uint16_t theirs = ai == PLAYER_X ? g->pos.o : ai == PLAYER_O ? g->pos.x : game_marked(g);
    return theirs != 0;
}

static game_err_t game_turn(const game_t *g)
{
    if (g->over) {
        return GAME_ERR_OVER;
    }
    return pos_to_move(g->pos) == game_ai_player(g->settings.mode) ? GAME_ERR_NOT_YOUR_TURN
                                                                   : GAME_OK;
}

bool game_ai_to_move(const game_t *g)
{
    return game_turn(g) == GAME_ERR_NOT_YOUR_TURN;
}

bool game_menu_open(const game_t *g)
{
    return g->show == GAME_SHOW_MENU && g->ms[GAME_T_OVERLAY];
}

static void game_show(game_t *g, uint8_t show, uint16_t red, uint16_t green, uint16_t ms)
{
    g->show = show;
    g->ov_red = red;
    g->ov_green = green;
    g->ms[GAME_T_OVERLAY] = ms;
}

static void game_show_cell(game_t *g, uint8_t cell, uint16_t ms)
{
    uint16_t bit = game_bit(cell);
    game_show(g, GAME_SHOW_CELLS, bit, bit, ms);
}

/* The mover's mark on `cell`, reported as `kind`; then the AI's reply is due, or the
 * game is over: reported and counted. */
static void game_place(game_t *g, uint8_t cell, game_report_kind_t kind)
{
    uint8_t mover = pos_to_move(g->pos);
    game_report_t *r = game_report(g, kind);
    uint16_t line;
    r->cell = cell;
    r->player = mover;
    g->pos = pos_play(g->pos, cell);
    /* only the mover can have completed a line */
    line = pos_lines(mover == PLAYER_X ? g->pos.x : g->pos.o);
    if (!line && pos_empty(g->pos)) {
        g->ms[GAME_T_AI] = GAME_AI_DELAY_MS;
        return;
    }
    if (!line) {
        line = POS_ALL; /* a draw: all nine blink */
        mover = PLAYER_NONE;
    }
    g->over = true;
    g->winner = mover;
    g->blink = line;
    game_report(g, GAME_REP_RESULT)->player = mover;
    stats_count(&g->stats, g->settings.mode, g->level, game_stats_kind(g->settings.mode, mover));
    g->save |= STATS_SAVE_STATS;
    game_sound(g, game_result_sound(g->settings.mode, mover));
}

static void game_setting(game_t *g, uint8_t *field, uint8_t value)
{
    if (*field != value) {
        *field = value;
        g->save |= STATS_SAVE_SETTINGS;
    }
}

void game_new(game_t *g, uint8_t mode)
{
    if (mode >= GAME_MODES) {
        mode = GAME_MODE_AI_X;
    }
    if (!g->over && game_person_moved(g)) {
        stats_count(&g->stats, g->settings.mode, g->level, STATS_ABANDONED);
        g->save |= STATS_SAVE_STATS;
    }
    game_setting(g, &g->settings.mode, mode);
    g->level = g->settings.level;
    g->pos = (pos_t){0, 0};
    g->over = false;
    g->winner = PLAYER_NONE;
    g->ms[GAME_T_BLINK] = 0;
    g->ms[GAME_T_OVERLAY] = 0;
    g->ms[GAME_T_AI] = GAME_AI_DELAY_MS;
    game_report_t *r = game_report(g, GAME_REP_NEW);
    r->mode = mode;
    r->level = g->level;
}

void game_set_level(game_t *g, uint8_t level)
{
    if (level < LEVELS) {
        game_setting(g, &g->settings.level, level);
        game_report(g, GAME_REP_LEVEL)->level = level;
    }
}

void game_set_color_blind(game_t *g, bool on)
{
    game_setting(g, &g->settings.color_blind, on);
    game_report(g, GAME_REP_COLOR_BLIND)->value = on;
}

void game_set_sound(game_t *g, uint8_t setting)
{
    if (setting < SOUNDS_SETTINGS) {
        game_setting(g, &g->settings.sound, setting);
        game_report(g, GAME_REP_SOUND)->value = setting;
    }
}

void game_set_brightness(game_t *g, uint8_t level)
{
    if (level < LEDS_BRIGHT_LEVELS) {
        game_setting(g, &g->settings.brightness, level);
        game_report(g, GAME_REP_BRIGHTNESS)->value = level;
    }
}

void game_lamp(game_t *g)
{
    game_show(g, GAME_SHOW_LAMP, POS_ALL, POS_ALL, 3u * GAME_LAMP_STEP_MS);
}

void game_init(game_t *g, uint16_t seed)
{
    /* In place: a copy of the records would sit in main's frame under every deep call. */
    memset(g, 0, offsetof(game_t, settings)); /* all but the records, which come last */
    g->sound = SOUNDS_NONE;
    if (!stats_settings_valid(&g->settings)) {
        stats_settings_default(&g->settings);
    }
    if (!stats_valid(&g->stats)) {
        stats_clear(&g->stats);
    }
    g->rng = seed;
    game_new(g, g->settings.mode);
    /* The greeting first, no press counting; the AI's opening after it. */
    g->show = GAME_SHOW_SWEEP;
    g->ms[GAME_T_OVERLAY] = g->ms[GAME_T_GUARD] = GAME_BOOT_MS;
    g->ms[GAME_T_AI] = GAME_BOOT_MS + GAME_AI_DELAY_MS;
}

game_err_t game_person_move(game_t *g, uint8_t cell)
{
    game_err_t r = game_turn(g);
    if (!r && (game_marked(g) & game_bit(cell))) {
        r = GAME_ERR_TAKEN;
    }
    if (!r) {
        g->ms[GAME_T_OVERLAY] = 0;
        game_place(g, cell, GAME_REP_MOVE);
    }
    return r;
}

bool game_hint(game_t *g)
{
    uint8_t cell;
    if (game_turn(g) != GAME_OK) {
        return false;
    }
    cell = engine_move(g->pos);
    game_show_cell(g, cell, GAME_HINT_MS);
    game_report(g, GAME_REP_HINT)->cell = cell;
    return true;
}

/* Each empty cell: what the side to move gets there with perfect play after it. */
static void game_analysis(game_t *g)
{
    game_report_t *r = game_report(g, GAME_REP_ANALYSIS);
    r->cells = pos_empty(g->pos);
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        uint16_t bit = game_bit(c);
        if (r->cells & bit) {
            /* the child's result is the opponent's: its loss is the mover's win */
            int8_t child = engine_outcome(pos_play(g->pos, c)).result;
            if (child == ENGINE_LOSS) {
                r->wins |= bit;
            } else if (child == ENGINE_WIN) {
                r->losses |= bit;
            }
        }
    }
    /* green wins, yellow (both) draws, red loses */
    game_show(g, GAME_SHOW_FULL, (uint16_t)(r->cells & ~r->wins), (uint16_t)(r->cells & ~r->losses),
              GAME_ANALYSIS_MS);
}

void game_stats_clear(game_t *g)
{
    stats_clear(&g->stats);
    g->save |= STATS_SAVE_STATS;
    game_report(g, GAME_REP_STATS_CLEARED);
}

/* The board's side; column k's cells (k, k + 3, k + 6) as a mask. */
#define GAME_SIDE 3u
#define GAME_COLUMN(k) ((uint16_t)((1u | 1u << GAME_SIDE | 1u << 2u * GAME_SIDE) << (k)))
_Static_assert(GAME_SIDE *GAME_SIDE == POS_CELLS, "a square board");

/* The statistics display (bars.h): one entry of the table, packed. */
#define GAME_BAR_ENTRY(pic, col, kinds, colour, look, label, label_2p)                             \
    {pic, col, (uint8_t)(kinds), (uint8_t)(BARS_##colour | BARS_##look << 2)},
enum { GAME_BAR_PIC, GAME_BAR_COL, GAME_BAR_KINDS, GAME_BAR_LOOK };
static const uint8_t game_bars[][4] PROGMEM = {STATS_BARS(GAME_BAR_ENTRY)};
#define GAME_BARS (sizeof game_bars / sizeof game_bars[0])

static uint8_t game_bar_get(uint8_t i, uint8_t field)
{
    return pgm_read_byte(&game_bars[i][field]);
}

/* Menu pick 7: each picture's bars in proportion to its largest count, in their colours
 * and looks (bars.h), the frame above them dim yellow; a column without a bar is dark.
 * The counts are halved until each is below 2048, so a sum of four stays within 16
 * bits; a sum that is not 0 stays at least 1. */
static void game_show_stats(game_t *g)
{
    const uint16_t *n = g->stats.games[stats_table(g->settings.mode, g->level)];
    uint16_t count[GAME_BARS], top[BARS_PICTURES] = {0};
    uint8_t shift = 0;
    game_show(g, GAME_SHOW_STATS, 0, 0, GAME_STATS_MS);
    memset(g->ov_pic, 0, sizeof g->ov_pic);
    while ((uint16_t)((n[0] | n[1] | n[2] | n[3]) >> shift) >= 2048u) {
        shift++;
    }
    for (uint8_t i = 0; i < GAME_BARS; i++) {
        uint8_t pic = game_bar_get(i, GAME_BAR_PIC), kinds = game_bar_get(i, GAME_BAR_KINDS);
        uint16_t c = 0, some = 0;
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            if (kinds >> k & 1u) {
                c = (uint16_t)(c + (n[k] >> shift));
                some |= n[k];
            }
        }
        count[i] = c ? c : (some != 0);
        top[pic] = count[i] > top[pic] ? count[i] : top[pic];
    }
    for (uint8_t i = 0; i < GAME_BARS; i++) {
        leds_frame_t *p = &g->ov_pic[game_bar_get(i, GAME_BAR_PIC)];
        uint8_t col = game_bar_get(i, GAME_BAR_COL), look = game_bar_get(i, GAME_BAR_LOOK);
        uint8_t h = stats_bar_rows(count[i], top[game_bar_get(i, GAME_BAR_PIC)]);
        /* the column's cells in the lowest h rows */
        uint16_t bar = (uint16_t)(GAME_COLUMN(col) & (0xffffu << GAME_SIDE * (GAME_SIDE - h)));
        uint16_t frame = (uint16_t)(GAME_COLUMN(col) & ~bar);
        p->red |= (uint16_t)(((look & BARS_RED) ? bar : 0u) | frame);
        p->green |= (uint16_t)(((look & BARS_GREEN) ? bar : 0u) | frame);
        p->dim |= (uint16_t)(((look >> 2 & BARS_DIM) ? bar : 0u) | frame);
        p->blink |= (uint16_t)((look >> 2 & BARS_BLINK) ? bar : 0u);
    }
}

/* What a release ends: a tap, a long press, or the menu's hold (GAME_MENU_HOLD_MS). */
enum { GAME_TAP, GAME_LONG, GAME_HOLD };

static void game_menu_close(game_t *g)
{
    g->ms[GAME_T_OVERLAY] = 0;
    game_sound(g, SOUNDS_menu_close);
    game_report(g, GAME_REP_MENU)->value = 0;
}

/* A pick that steps a setting and keeps the menu open: the next level (the game under
 * way's too while the person has not moved in it), the next sound setting (a click says
 * it is on), colour-blind on/off, the next brightness (full, medium, night, medium, ...). */
static void game_menu_step(game_t *g, uint8_t action)
{
    const settings_t *s = &g->settings;
    uint8_t bright = s->brightness;
    switch (action) {
    case GAME_MENU_LEVEL:
        game_set_level(g, (uint8_t)((s->level + 1u) % LEVELS));
        if (!g->over && !game_person_moved(g)) {
            g->level = s->level;
            g->report[g->reports - 1u].value = 1; /* the level report: this game's too */
        }
        break;
    case GAME_MENU_SOUND: /* the pick's click as the new setting has it */
        game_set_sound(g, (uint8_t)((s->sound + 1u) % SOUNDS_SETTINGS));
        g->sound = SOUNDS_NONE;
        game_sound(g, SOUNDS_click);
        break;
    case GAME_MENU_COLOUR_BLIND:
        game_set_color_blind(g, !s->color_blind);
        break;
    default: /* GAME_MENU_BRIGHTNESS */
        if (bright == LEDS_BRIGHT_FULL || bright == LEDS_BRIGHT_NIGHT) {
            g->bright_up = bright == LEDS_BRIGHT_NIGHT;
        }
        game_set_brightness(g, (uint8_t)(g->bright_up ? bright + 1u : bright - 1u));
        break;
    }
}

/* A press in the menu: choose, confirm, or close (firmware/README.md, "Menu"). */
static void game_menu_press(game_t *g, uint8_t cell, uint8_t kind)
{
    uint8_t action = game_menu_get(cell, GAME_MENU_ACTION);
    if (kind == GAME_TAP && g->menu_cell >= POS_CELLS && action != GAME_MENU_CLOSE) {
        g->menu_cell = cell;
        game_report_t *r = game_report(g, GAME_REP_MENU);
        r->value = 2;
        r->cell = cell;
        return;
    }
    if (kind == GAME_TAP || cell != g->menu_cell) {
        game_menu_close(g);
    } else if (action == GAME_MENU_MODE) {
        game_new(g, game_menu_get(cell, GAME_MENU_ARG));
        game_show_cell(g, cell, GAME_CONFIRM_MS);
        game_sound(g, SOUNDS_menu_close);
    } else if (action == GAME_MENU_STATS) {
        game_show_stats(g);
        game_sound(g, SOUNDS_menu_close);
    } else {
        game_menu_step(g, action);
    }
}

/* The sign of ignored presses: these cells flicker. */
static void game_flash(game_t *g, uint16_t cells)
{
    g->flash = cells;
    g->ms[GAME_T_FLASH] = GAME_FLASH_MS;
    if (!(g->waking && g->ms[GAME_T_GUARD])) {
        game_sound(g, SOUNDS_ignored); /* and heard, but never over the wake-up's sound */
    }
}

/* A tap, a long press or the menu's hold (released alone). */
static void game_press(game_t *g, uint8_t cell, uint8_t kind)
{
    uint16_t bit = game_bit(cell);
    if (game_menu_open(g)) {
        game_menu_press(g, cell, kind);
    } else if (kind == GAME_HOLD && cell == GAME_MENU_OPEN_CELL) {
        game_show(g, GAME_SHOW_MENU, 0, 0, GAME_MENU_MS);
        g->menu_cell = POS_CELLS;
        game_report(g, GAME_REP_MENU)->value = 1;
        game_sound(g, SOUNDS_menu_open);
    } else if (kind != GAME_TAP) {
        uint16_t marked = game_marked(g);
        if (g->over || !game_person_moved(g)) {
            game_flash(g, bit); /* nothing to hint or analyse */
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
        game_sound(g, SOUNDS_ignored); /* no move: buzzed, as a flickering press */
    }
}

/* The armed key's bit (0: none): a gesture's key held alone GAME_LONG_MS or longer; its
 * release is a long press. */
static uint16_t game_armed(const game_t *g)
{
    return g->gest_cell < POS_CELLS && g->ms[GAME_T_HELD] <= GAME_STUCK_MS - GAME_LONG_MS ? g->held
                                                                                          : 0u;
}

/* What the release of the gesture's key now ends (GAME_TAP, ...). */
static uint8_t game_kind(const game_t *g)
{
    if (!game_armed(g)) {
        return GAME_TAP;
    }
    return g->ms[GAME_T_HELD] <= GAME_STUCK_MS - GAME_MENU_HOLD_MS ? GAME_HOLD : GAME_LONG;
}

void game_key(game_t *g, const key_event_t *ev)
{
    uint8_t cell = ev->cell;
    uint16_t bit, held = g->held;
    uint8_t kind;
    if (cell >= POS_CELLS) {
        return;
    }
    bit = game_bit(cell);
    g->idle = 0;
    if (g->stuck & bit) { /* nothing it does counts; game_keys_sync() frees it */
        return;
    }
    kind = game_kind(g);
    g->ms[GAME_T_HELD] = GAME_STUCK_MS; /* the set of held keys changes */
    if (ev->kind == KEY_EV_PRESS) {
        g->held = held | bit;
        if (held || g->ms[GAME_T_GUARD] || game_ai_to_move(g)) {
            cell = POS_CELLS; /* two keys at once, or too early: a void gesture, shown */
            game_flash(g, g->held);
        } else if (game_menu_open(g)) {
            g->ms[GAME_T_OVERLAY] = GAME_MENU_MS; /* open until this key's release at least */
        } else {
            if (g->ms[GAME_T_OVERLAY] && g->show != GAME_SHOW_CELLS) {
                cell = POS_CELLS; /* this press only dismisses the display: shown */
                game_flash(g, bit);
            }
            g->ms[GAME_T_OVERLAY] = 0; /* and a hint or a confirmation ends here */
        }
        g->gest_cell = cell;
    } else if (ev->kind == KEY_EV_RELEASE && (held & bit)) {
        g->held = held = (uint16_t)(held & ~bit);
        if (!held && g->gest_cell == cell) {
            game_sound(g, SOUNDS_click); /* accepted; what it does may sound instead */
            game_press(g, cell, kind);
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
    bool menu = game_menu_open(g);
    /* the time of every event goes into the AI's choices */
    g->rng = (uint16_t)(g->rng + elapsed_ms);
    g->idle = g->idle > UINT16_MAX - elapsed_ms ? UINT16_MAX : (uint16_t)(g->idle + elapsed_ms);
    for (uint8_t i = 0; i < GAME_TIMERS; i++) {
        t[i] = t[i] > elapsed_ms ? (uint16_t)(t[i] - elapsed_ms) : 0u;
    }
    if (menu && !game_menu_open(g)) {
        game_report(g, GAME_REP_MENU)->value = 0; /* closed unchanged: no press in time */
        game_sound(g, SOUNDS_menu_close);
    }
    if (game_ai_to_move(g) && !t[GAME_T_AI]) {
        uint8_t cell = level_pick(g->pos, g->level, &g->rng);
        g->blink = game_bit(cell);
        t[GAME_T_BLINK] = GAME_AI_BLINK_MS;
        game_sound(g, SOUNDS_ai_move);
        game_place(g, cell, GAME_REP_AI_MOVE);
    }
    if (g->held && !t[GAME_T_HELD]) {
        game_report(g, GAME_REP_STUCK)->cells = g->held;
        game_flash(g, g->held);
        g->gest_cell = POS_CELLS;
        g->stuck |= g->held;
        g->held = 0;
    }
}

/* A menu cell's state (firmware/README.md, "Menu"): 0 in force or the first step (full),
 * 1 not or a middle step (dimmed), 2 the last step (dimmed and blinking). */
static uint8_t game_menu_state(const settings_t *s, uint8_t action, uint8_t arg)
{
    switch (action) {
    case GAME_MENU_MODE:
        return s->mode == arg ? 0u : 1u;
    case GAME_MENU_LEVEL:
        return s->level; /* perfect, medium, easy */
    case GAME_MENU_SOUND:
        return s->sound; /* on, quiet, off */
    case GAME_MENU_COLOUR_BLIND:
        return s->color_blind ? 0u : 1u;
    case GAME_MENU_BRIGHTNESS: /* full; the levels between; night */
        return s->brightness == LEDS_BRIGHT_FULL    ? 0u
               : s->brightness == LEDS_BRIGHT_NIGHT ? 2u
                                                    : 1u;
    default:
        return 1u;
    }
}
_Static_assert(LEVEL_PERFECT == 0 && LEVELS == 3 && SOUNDS_ON == 0 && SOUNDS_SETTINGS == 3,
               "three steps each: full, dimmed, dimmed and blinking");

/* The menu's frame (firmware/README.md, "Menu"): unlike any board position. */
static void game_menu_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t full = 0, blink = 0;
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        uint8_t state = game_menu_state(&g->settings, game_menu_get(cell, GAME_MENU_ACTION),
                                        game_menu_get(cell, GAME_MENU_ARG));
        if (state == 0u) {
            full |= game_bit(cell);
        } else if (state == 2u) {
            blink |= game_bit(cell);
        }
    }
    f->red = f->green = POS_ALL;
    f->dim = (uint16_t)(POS_ALL & ~full);
    f->blink = blink;
    if (game_menu_open(g) && g->menu_cell < POS_CELLS) { /* chosen: green, blinking */
        uint16_t bit = game_bit(g->menu_cell);
        f->red &= (uint16_t)~bit;
        f->dim &= (uint16_t)~bit;
        f->blink |= bit;
    }
}

/* The overlay's colors while it runs: the lamp test's and the greeting's step. */
static void game_overlay_colors(const game_t *g, uint16_t *red, uint16_t *green)
{
    uint16_t t = g->ms[GAME_T_OVERLAY];
    *red = g->ov_red;
    *green = g->ov_green;
    if (g->show == GAME_SHOW_LAMP) {
        /* red, then green, then yellow, GAME_LAMP_STEP_MS each: steps 2, 1, 0 */
        uint8_t step = (uint8_t)((t - 1u) / GAME_LAMP_STEP_MS);
        if (step == 1u) {
            *red = 0;
        }
        if (step == 2u) {
            *green = 0;
        }
    } else if (g->show == GAME_SHOW_SWEEP) {
        /* A yellow head with a green and a red tail, one cell per GAME_BOOT_MS / 9 */
        uint8_t cell = (uint8_t)(POS_CELLS - 1u - (t - 1u) / (GAME_BOOT_MS / 9u));
        uint16_t head = game_bit(cell);
        *green = (uint16_t)(head | (head >> 1));
        *red = (uint16_t)(head | (head >> 2));
    }
}

/* Two players, no key held: the empty cells say the AI will not answer. */
static bool game_no_ai_beat(const game_t *g)
{
    return g->settings.mode == GAME_MODE_2P && !g->over && !g->held &&
           (uint16_t)(g->idle % GAME_2P_BEAT_MS) >= GAME_2P_BEAT_MS - GAME_2P_BEAT_ON_MS;
}

/* Idle before the first move or at game over: the menu's cell shows where it is. */
static bool game_menu_hint(const game_t *g)
{
    uint16_t wait = g->over ? GAME_MENU_HINT_OVER_MS : GAME_MENU_HINT_MS;
    return !g->held && (g->over || !game_person_moved(g)) && g->idle >= wait &&
           (uint16_t)(g->idle % GAME_MENU_HINT_EVERY_MS) < GAME_MENU_HINT_ON_MS;
}

/* The board with an armed key (yellow) or the overlay over it. Colour-blind cues: O dim;
 * yellow cells over the board pulse full/dim; a display hiding the board shows green
 * full, yellow dim and red blinking. */
static void game_board_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t t = g->ms[GAME_T_OVERLAY], ov_red = game_armed(g), ov_green = ov_red, keep;
    uint8_t show = GAME_SHOW_CELLS;
    bool cb = g->settings.color_blind != 0;
    if (ov_red) {
        t = g->ms[GAME_T_HELD]; /* the pulse's clock */
    } else if (t) {
        show = g->show;
        game_overlay_colors(g, &ov_red, &ov_green);
    }
    keep = show == GAME_SHOW_CELLS ? (uint16_t)~ov_red : 0u;
    f->red = (uint16_t)((g->pos.x & keep) | ov_red);
    f->green = (uint16_t)((g->pos.o & keep) | ov_green);
    f->blink = (g->over || g->ms[GAME_T_BLINK]) ? (uint16_t)(g->blink & keep) : 0u;
    f->dim = 0;
    if (cb && show == GAME_SHOW_CELLS) {
        f->dim = (uint16_t)(g->pos.o & keep);
        if ((t / GAME_PULSE_MS) & 1u) {
            f->dim |= ov_red;
        }
    } else if (show == GAME_SHOW_STATS) { /* its own cues, whatever the mode */
        *f = g->ov_pic[t > GAME_STATS_ABANDONED_MS ? 0u : 1u];
    } else if (cb && show == GAME_SHOW_FULL) {
        f->dim = (uint16_t)(ov_red & ov_green);
        f->blink = (uint16_t)(ov_red & ~ov_green);
    }
    if (show == GAME_SHOW_CELLS && !ov_red && !t) {
        uint16_t sign = game_no_ai_beat(g) ? pos_empty(g->pos) : 0u;
        if (game_menu_hint(g)) {
            sign = game_bit(GAME_MENU_OPEN_CELL);
        }
        f->red |= sign;
        f->green |= sign;
        f->dim |= sign;
        f->blink &= (uint16_t)~sign;
    }
}

void game_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t flash = g->ms[GAME_T_FLASH] ? g->flash : 0u;
    bool menu = game_menu_open(g), hold = game_kind(g) == GAME_HOLD;
    if ((!game_armed(g) && menu) || (hold && !menu && g->gest_cell == GAME_MENU_OPEN_CELL)) {
        /* the menu, or held long enough to open it: what the release will show */
        game_menu_frame(g, f);
    } else {
        game_board_frame(g, f);
    }
    /* ignored presses: lit, dark, lit, ..., GAME_FLASH_STEP_MS each, over everything: no
     * other display goes dark this fast. Yellow, the one colour that is no mark (red or
     * green on an empty cell would read as an X or an O appearing). */
    f->dim &= (uint16_t)~flash;
    f->blink &= (uint16_t)~flash;
    if (((GAME_FLASH_MS - g->ms[GAME_T_FLASH]) / GAME_FLASH_STEP_MS) & 1u) {
        f->red &= (uint16_t)~flash;
        f->green &= (uint16_t)~flash;
    } else {
        f->red |= flash;
        f->green |= flash;
    }
}

void game_wake(game_t *g)
{
    g->ms[GAME_T_OVERLAY] = 0;
    g->held = 0;
    g->ms[GAME_T_GUARD] = GAME_WAKE_GUARD_MS;
    g->waking = true;
    game_sound(g, SOUNDS_wake);
}
