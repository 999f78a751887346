/* firmware/game/game.c - the state machine (firmware/README.md, "The state machine"): one
 * switch over the states per input. Invariants: pos is always legal; `over` is set exactly
 * when pos is won or full; settings are always in range; state_ms is 0 in a state that
 * does not end by time. */
#include "game_rooms.h"

#include <stddef.h>
#include <string.h>

#include "menu.h"
#include "sounds.h"

/* ---- outputs ---- */

/* A new report, its fields cleared (past GAME_REPORTS_MAX: the last overwritten). */
game_report_t *game_report(game_t *g, game_report_kind_t kind)
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

uint8_t game_reports_waiting(const game_t *g)
{
    return g->reports;
}

const game_report_t *game_report_at(const game_t *g, uint8_t i)
{
    return &g->report[i];
}

/* The sound of an event, if the setting lets it play; a result's stays over the events
 * after it in the same call (firmware/README.md, "Sound"). */
static void game_sound_if(game_t *g, uint8_t id, bool allowed)
{
    if (allowed && !(g->sound < SOUNDS_N && ((SOUNDS_QUIET >> g->sound) & 1u))) {
        g->sound = id;
    }
}

void game_sound(game_t *g, uint8_t id)
{
    game_sound_if(g, id, sounds_allowed(g->settings.sound, id));
}

void game_sound_asked(game_t *g, uint8_t id)
{
    game_sound_if(g, id, sounds_asked(g->settings.sound, id));
}

uint8_t game_take_sound(game_t *g)
{
    uint8_t id = g->sound;
    g->sound = SOUNDS_NONE;
    return id;
}

uint8_t game_take_save(game_t *g)
{
    uint8_t save = g->save;
    g->save = 0;
    return save;
}

/* ---- states ---- */

void game_enter(game_t *g, uint8_t state, uint16_t ms)
{
    g->state = state;
    g->state_ms = ms;
}

game_state_t game_state(const game_t *g)
{
    return (game_state_t)g->state;
}

bool game_menu_open(const game_t *g)
{
    return g->state == GAME_ST_MENU || g->state == GAME_ST_MENU_CHOSEN;
}

/* The sign of ignored presses: these cells flicker, and a buzz says so (but never over
 * the wake-up's sound or a result's tune). */
void game_flash(game_t *g, uint16_t cells)
{
    g->flash = cells;
    g->flash_ms = GAME_FLASH_MS;
    if (g->state != GAME_ST_WAKING && g->state != GAME_ST_RESULT) {
        game_sound(g, SOUNDS_ignored);
    }
}

/* A press refused at its beginning: void until its keys are up, and shown. */
static void game_refuse(game_t *g, uint8_t cell)
{
    press_refuse(&g->press);
    game_flash(g, game_bit(cell));
}

/* A key down alone, before its release says what press it is. On the AI's turn no
 * press counts, whatever shows. */
static void game_on_down(game_t *g, uint8_t cell)
{
    if (g->state == GAME_ST_TODDLER) {
        return; /* the toy lit it (game_key); only a calm tap counts */
    }
    if (game_ai_to_move(g)) {
        game_refuse(g, cell);
        return;
    }
    switch ((game_state_t)g->state) {
    case GAME_ST_BOARD:
        return;
    case GAME_ST_GREETING:
    case GAME_ST_WAKING:
    case GAME_ST_RESULT: /* the result stays, its tune plays whole */
        game_refuse(g, cell);
        return;
    case GAME_ST_MENU:
    case GAME_ST_MENU_CHOSEN:
        g->state_ms = GAME_MENU_MS; /* open until this key's release at least */
        return;
    case GAME_ST_HINT:
    case GAME_ST_READ:
    case GAME_ST_CONFIRM:
        game_enter(g, GAME_ST_BOARD, 0); /* ends here; the press acts on the board */
        return;
    case GAME_ST_ANALYSIS:
    case GAME_ST_STATS_RESULTS:
    case GAME_ST_STATS_PLAYED:
    case GAME_ST_LAMP:
    case GAME_ST_REPLAY:
        game_enter(g, GAME_ST_BOARD, 0); /* this press only ends the display */
        game_refuse(g, cell);
        return;
    case GAME_ST_TODDLER:
    case GAME_STATE_COUNT:
        return;
    }
}

/* A press released (press.h: PRESS_TAP, _LONG or _HOLD). An accepted press clicks; what
 * it does may sound instead. */
static void game_on_press(game_t *g, uint8_t cell, uint8_t kind)
{
    switch ((game_state_t)g->state) {
    case GAME_ST_MENU:
    case GAME_ST_MENU_CHOSEN:
        game_sound(g, SOUNDS_click);
        game_menu_press(g, cell, kind);
        return;
    case GAME_ST_TODDLER: /* its key down chirped; only the calm tap clicks */
        game_toy_press(g, kind);
        return;
    case GAME_ST_BOARD:
    case GAME_ST_HINT: /* a console action came during the press: it acts on the board */
    case GAME_ST_READ:
    case GAME_ST_ANALYSIS:
    case GAME_ST_STATS_RESULTS:
    case GAME_ST_STATS_PLAYED:
    case GAME_ST_LAMP:
    case GAME_ST_CONFIRM:
    case GAME_ST_RESULT:
    case GAME_ST_REPLAY:
        game_sound(g, SOUNDS_click);
        game_board_press(g, cell, kind);
        return;
    case GAME_ST_GREETING: /* refused at its beginning (game_on_down) */
    case GAME_ST_WAKING:
    case GAME_STATE_COUNT:
        return;
    }
}

/* The state's time is up. */
static void game_on_timeout(game_t *g)
{
    switch ((game_state_t)g->state) {
    case GAME_ST_MENU:
    case GAME_ST_MENU_CHOSEN:
        game_menu_close(g); /* no press in time: closed unchanged */
        return;
    case GAME_ST_STATS_RESULTS:
        game_enter(g, GAME_ST_STATS_PLAYED, GAME_STATS_PLAYED_MS);
        return;
    case GAME_ST_READ:
        game_read_step(g);
        return;
    case GAME_ST_RESULT: /* after a loss to the AI, where it went wrong */
        game_enter(g, GAME_ST_BOARD, 0);
        if (game_lost_to_ai(g)) {
            (void)game_replay(g);
        }
        return;
    case GAME_ST_GREETING:
    case GAME_ST_WAKING:
    case GAME_ST_HINT:
    case GAME_ST_ANALYSIS:
    case GAME_ST_STATS_PLAYED:
    case GAME_ST_LAMP:
    case GAME_ST_CONFIRM:
    case GAME_ST_REPLAY:
        game_enter(g, GAME_ST_BOARD, 0);
        return;
    case GAME_ST_BOARD: /* they do not end by time */
    case GAME_ST_TODDLER:
    case GAME_STATE_COUNT:
        return;
    }
}

/* ---- toddler mode (firmware/README.md, "Toddler mode") ---- */

/* A key went down at g->clock: a palm (GAME_PALM_KEYS within GAME_PALM_MS, held
 * together) or a burst (GAME_BURST_PRESSES within GAME_BURST_MS) turns the board into the
 * toy, but never over the greeting, a wake-up or a result. */
static void game_toddler_check(game_t *g)
{
    uint16_t palm = g->downs[GAME_PALM_KEYS - 1u], burst = g->downs[GAME_BURST_PRESSES - 1u];
    bool toddler = (pos_count(g->press.held) >= GAME_PALM_KEYS &&
                    (uint16_t)(g->clock - palm) <= GAME_PALM_MS) ||
                   (uint16_t)(g->clock - burst) <= GAME_BURST_MS;
    if (!toddler || g->state == GAME_ST_TODDLER || g->state == GAME_ST_GREETING ||
        g->state == GAME_ST_WAKING || g->state == GAME_ST_RESULT) {
        return;
    }
    if (game_menu_open(g)) {
        game_menu_close(g);
    }
    game_enter(g, GAME_ST_TODDLER, 0);
    game_report(g, GAME_REP_TOY)->value = 1;
}

/* ---- inputs ---- */

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
    for (uint8_t i = 0; i < GAME_BURST_PRESSES; i++) {
        g->downs[i] = (uint16_t)(0u - GAME_BURST_MS - 1u); /* long ago: no burst yet */
    }
    g->up_clock = (uint16_t)(0u - GAME_MENU_GAP_MS);
    g->up_cell = POS_CELLS;
    if (!game_rule_ok(g->settings.game)) {
        (void)game_rule_choose(g, g->settings.game); /* refused: said, the normal game instead */
    }
    game_new(g, g->settings.mode);
    /* The greeting first, no press counting; the AI's opening after it. */
    game_enter(g, GAME_ST_GREETING, GAME_BOOT_MS);
    g->ai_ms = GAME_BOOT_MS + GAME_AI_DELAY_MS;
}

/* A key down (not a stuck one) after `quiet` ms without a key event: its time kept for
 * toddler mode (after a quiet of GAME_BURST_MS the older ones are too old to count, and
 * forgotten: the clock wraps), and the toy's light. */
static void game_key_down(game_t *g, uint8_t cell, uint16_t quiet)
{
    if (quiet >= GAME_BURST_MS) {
        for (uint8_t i = 0; i < GAME_BURST_PRESSES; i++) {
            g->downs[i] = (uint16_t)(g->clock - GAME_BURST_MS - 1u);
        }
    }
    for (uint8_t i = GAME_BURST_PRESSES - 1u; i > 0; i--) {
        g->downs[i] = g->downs[i - 1u];
    }
    g->downs[0] = g->clock;
    game_toddler_check(g);
    if (g->state == GAME_ST_TODDLER) {
        g->toy |= game_bit(cell);
        g->toy_ms = GAME_TOY_LIT_MS;
        if (!g->calm) { /* a calm tap clicks at its release (game_toy_press) instead */
            game_sound(g, SOUNDS_toy);
        }
    }
}

void game_key(game_t *g, const key_event_t *ev)
{
    press_ev_t what;
    uint16_t quiet = g->idle;
    if (ev->cell >= POS_CELLS) {
        return;
    }
    g->idle = 0;
    what = press_key(&g->press, ev);
    if (what == PRESS_EV_BEGIN || what == PRESS_EV_VOID) {
        g->calm = quiet >= GAME_CALM_MS && what == PRESS_EV_BEGIN;
        game_key_down(g, ev->cell, quiet);
    }
    switch (what) {
    case PRESS_EV_BEGIN:
        game_on_down(g, ev->cell);
        break;
    case PRESS_EV_VOID: /* two keys at once: a void press, shown (the toy: lit); it
                         * closes the menu as any press but a pick does */
        if (game_menu_open(g)) {
            game_menu_close(g);
        }
        if (g->state != GAME_ST_TODDLER) {
            game_flash(g, g->press.held);
        }
        break;
    case PRESS_EV_END:
        game_on_press(g, ev->cell, g->press.ended);
        g->up_cell = ev->cell;
        break;
    case PRESS_EV_NONE:
        break;
    }
    if (ev->kind == KEY_EV_RELEASE) {
        g->up_clock = g->clock; /* after the press: a hurried one is timed from the one before */
    }
}

bool game_hurried(const game_t *g)
{
    return (uint16_t)(g->downs[0] - g->up_clock) < GAME_MENU_GAP_MS;
}

void game_keys_sync(game_t *g, uint16_t keys_state)
{
    press_sync(&g->press, (uint16_t)(keys_state & POS_ALL));
}

_Static_assert(offsetof(game_t, st) ==
                   offsetof(game_t, countdowns) + GAME_COUNTDOWNS * sizeof(uint16_t),
               "every countdown of game_t is in its countdowns[]");
static uint16_t game_count_down(uint16_t t, uint16_t elapsed_ms)
{
    return t > elapsed_ms ? (uint16_t)(t - elapsed_ms) : 0u;
}

void game_tick(game_t *g, uint16_t elapsed_ms)
{
    bool timed = g->state_ms != 0;
    uint16_t stuck;
    /* the time of every event goes into the AI's choices */
    g->rng = (uint16_t)(g->rng + elapsed_ms);
    g->clock = (uint16_t)(g->clock + elapsed_ms);
    g->idle = g->idle > UINT16_MAX - elapsed_ms ? UINT16_MAX : (uint16_t)(g->idle + elapsed_ms);
    for (uint8_t i = 0; i < GAME_COUNTDOWNS; i++) {
        g->countdowns[i] = game_count_down(g->countdowns[i], elapsed_ms);
    }
    if (timed && !g->state_ms) {
        game_on_timeout(g);
    }
    game_ai_step(g);
    stuck = press_tick(&g->press, elapsed_ms);
    if (stuck) {
        game_report(g, GAME_REP_STUCK)->cells = stuck;
        game_flash(g, stuck);
    }
}

void game_wake(game_t *g)
{
    press_wake(&g->press);
    game_enter(g, GAME_ST_WAKING, GAME_WAKE_GUARD_MS); /* whatever showed before the sleep ends */
    game_sound(g, SOUNDS_wake);
}
