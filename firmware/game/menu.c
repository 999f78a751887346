/* firmware/game/menu.c - the menu (firmware/README.md, "Menu"): opening it, a press in it
 * (choose, pick, close), each action's pick and its look, from the table in menu.h; the
 * dispatch: firmware/README.md, "Inside the firmware". */
#include "game_rooms.h"

#include "menu.h"
#include "pgm.h"
#include "sounds.h"

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

/* A pick: the game, the cell picked and its argument. A look: what a cell shows of the
 * settings (with `next`, as its pick would leave them), 0 in force or the first step
 * (full), 1 not or a middle step (dimmed), 2 the last step (dimmed and blinking). */
typedef struct {
    game_t *g;
    uint8_t cell;
    uint8_t arg;
} menu_pick_t;
typedef struct {
    const settings_t *s;
    uint8_t arg;
    bool next;      /* the look after a pick */
    bool bright_up; /* game_t's: where brightness steps next */
} menu_look_t;
#define MENU_DECLARE(action)                                                                       \
    static void menu_pick_##action(const menu_pick_t *p);                                          \
    static uint8_t menu_look_##action(const menu_look_t *l);
GAME_MENU_ACTIONS(MENU_DECLARE)

void game_menu_open_now(game_t *g)
{
    game_enter(g, GAME_ST_MENU, GAME_MENU_MS);
    game_report(g, GAME_REP_MENU)->value = GAME_MENU_REP_OPENED;
    game_sound(g, SOUNDS_menu_open);
}

/* Closed with nothing changed: its own falling sound (a pick clicks). */
void game_menu_close(game_t *g)
{
    game_enter(g, GAME_ST_BOARD, 0);
    game_sound(g, SOUNDS_menu_close);
    game_report(g, GAME_REP_MENU)->value = GAME_MENU_REP_CLOSED;
}

/* A cell chosen: said with what it holds now. */
static void game_menu_choose(game_t *g, uint8_t cell)
{
    game_report_t *r;
    game_enter(g, GAME_ST_MENU_CHOSEN, g->state_ms);
    g->cell = cell;
    r = game_report(g, GAME_REP_MENU);
    r->value = GAME_MENU_REP_CHOSEN;
    r->cell = cell;
    r->mode = game_menu_get(cell, GAME_MENU_ACTION);
}

/* A press in the menu (firmware/README.md, "Menu"). Unhurried (game_hurried()), a tap or
 * a long press chooses a cell, and on the chosen cell picks it. Hurried, on the chosen
 * cell it does nothing (the second tap of a double tap), elsewhere it closes the menu,
 * as do the centre, a lean (GAME_MENU_HOLD_MS or longer) and a press on another cell. */
void game_menu_press(game_t *g, uint8_t cell, uint8_t kind)
{
    menu_pick_t p = {g, cell, game_menu_get(cell, GAME_MENU_ARG)};
    uint8_t action = game_menu_get(cell, GAME_MENU_ACTION);
    bool chosen = g->state == GAME_ST_MENU_CHOSEN && cell == g->cell, hurried = game_hurried(g);
    if (chosen && hurried && kind != PRESS_HOLD) {
        return;
    }
    if (hurried || kind == PRESS_HOLD || action == GAME_MENU_CLOSE) {
        game_menu_close(g);
        return;
    }
    if (!chosen) {
        game_menu_choose(g, cell);
        return;
    }
#define MENU_PICK_CASE(action)                                                                     \
    case GAME_MENU_##action:                                                                       \
        menu_pick_##action(&p);                                                                    \
        return;
    switch ((game_menu_action_t)action) {
        GAME_MENU_ACTIONS(MENU_PICK_CASE)
    case GAME_MENU_ACTION_COUNT:
        return;
    }
}

/* ---- the picks: a new game or the statistics end the menu; a setting steps and keeps
 * it open, the cell chosen ---- */

static void menu_pick_MODE(const menu_pick_t *p)
{
    game_t *g = p->g;
    game_new(g, p->arg);
    g->cell = p->cell;
    game_enter(g, GAME_ST_CONFIRM, GAME_CONFIRM_MS);
}

static void menu_pick_STATS(const menu_pick_t *p)
{
    game_stats_show(p->g);
}

/* The next level: the game under way's too while the person has not moved in it. */
static void menu_pick_LEVEL(const menu_pick_t *p)
{
    game_level_step(p->g);
}

/* The next sound setting; its click as the new setting has it. */
static void menu_pick_SOUND(const menu_pick_t *p)
{
    game_t *g = p->g;
    game_set_sound(g, (uint8_t)((g->settings.sound + 1u) % SOUNDS_SETTINGS));
    g->sound = SOUNDS_NONE;
    game_sound(g, SOUNDS_click);
}

static void menu_pick_COLOUR_BLIND(const menu_pick_t *p)
{
    game_t *g = p->g;
    game_set_color_blind(g, !g->settings.color_blind);
}

/* The next brightness: full, medium, night, medium, ... (never night to full); whether it
 * goes up from there. */
static uint8_t menu_next_brightness(uint8_t bright, bool *up)
{
    if (bright == LEDS_BRIGHT_FULL || bright == LEDS_BRIGHT_NIGHT) {
        *up = bright == LEDS_BRIGHT_NIGHT;
    }
    return (uint8_t)(*up ? bright + 1u : bright - 1u);
}

static void menu_pick_BRIGHTNESS(const menu_pick_t *p)
{
    game_t *g = p->g;
    game_set_brightness(g, menu_next_brightness(g->settings.brightness, &g->bright_up));
}

/* The next game, a new game under it (the one under way abandoned, as a mode's pick);
 * the menu stays open, the cell chosen, as for every setting that steps. */
static void menu_pick_GAME(const menu_pick_t *p)
{
    game_t *g = p->g;
    uint16_t ms = g->state_ms;
    (void)game_rule_choose(g, game_game_next(g->settings.game));
    game_enter(g, GAME_ST_MENU_CHOSEN, ms);
    g->cell = p->cell;
}

static void menu_pick_CLOSE(const menu_pick_t *p)
{
    game_menu_close(p->g); /* never chosen: a tap on it closes the menu */
}

/* ---- the looks ---- */

static uint8_t menu_look_MODE(const menu_look_t *l)
{
    return l->s->mode == l->arg || l->next ? 0u : 1u;
}

static uint8_t menu_look_STATS(const menu_look_t *l)
{
    (void)l; /* it only acts: always dimmed */
    return 1u;
}

static uint8_t menu_look_LEVEL(const menu_look_t *l)
{
    return (uint8_t)((l->s->level + l->next) % LEVELS); /* perfect, medium, easy */
}

static uint8_t menu_look_SOUND(const menu_look_t *l)
{
    return (uint8_t)((l->s->sound + l->next) % SOUNDS_SETTINGS); /* on, quiet, off */
}

static uint8_t menu_look_COLOUR_BLIND(const menu_look_t *l)
{
    return (l->s->color_blind != 0) != l->next ? 0u : 1u;
}

static uint8_t menu_look_BRIGHTNESS(const menu_look_t *l)
{
    bool up = l->bright_up;
    uint8_t b = l->s->brightness; /* full; the levels between; night */
    if (l->next) {
        b = menu_next_brightness(b, &up);
    }
    return b == LEDS_BRIGHT_FULL ? 0u : b == LEDS_BRIGHT_NIGHT ? 2u : 1u;
}

static uint8_t menu_look_GAME(const menu_look_t *l)
{
    return l->next ? game_game_next(l->s->game) : l->s->game; /* normal, misère, fading */
}

static uint8_t menu_look_CLOSE(const menu_look_t *l)
{
    (void)l; /* it only acts: always dimmed */
    return 1u;
}
_Static_assert(LEVEL_PERFECT == 0 && LEVELS == 3 && SOUNDS_ON == 0 && SOUNDS_SETTINGS == 3 &&
                   RULE_NORMAL == 0 && RULE_COUNT == 3,
               "three steps each: full, dimmed, dimmed and blinking");

static uint8_t game_menu_look(const game_t *g, uint8_t cell, bool next)
{
    menu_look_t l = {&g->settings, game_menu_get(cell, GAME_MENU_ARG), next, g->bright_up};
#define MENU_LOOK_CASE(action)                                                                     \
    case GAME_MENU_##action:                                                                       \
        return menu_look_##action(&l);
    switch ((game_menu_action_t)game_menu_get(cell, GAME_MENU_ACTION)) {
        GAME_MENU_ACTIONS(MENU_LOOK_CASE)
    case GAME_MENU_ACTION_COUNT:
        break;
    }
    return 1u;
}

/* Yellow cells in a look (0 full, 1 dimmed, 2 dimmed and blinking). */
static void game_menu_paint(leds_frame_t *f, uint16_t cells, uint8_t look)
{
    f->red |= cells;
    f->green |= cells;
    if (look != 0u) {
        f->dim |= cells;
    }
    if (look == 2u) {
        f->blink |= cells;
    }
}

/* The cell shown chosen, or POS_CELLS: what the release of a long press will leave.
 * *next: on the chosen cell, what its pick will set. Nothing chosen, it shows the cell
 * chosen; a lean (held to GAME_MENU_HOLD_MS), a hurried press, the centre or another
 * cell than the chosen one show the plain menu (the release closes it, or, hurried on the
 * chosen cell, does nothing). */
static uint8_t game_menu_shown(const game_t *g, bool *next)
{
    uint8_t chosen = g->state == GAME_ST_MENU ? POS_CELLS : g->cell, cell = g->press.cell;
    *next = false;
    if (!game_menu_open(g) || !press_armed(&g->press)) {
        return chosen;
    }
    if (g->press.kind == PRESS_HOLD || cell == GAME_MENU_OPEN_CELL || game_hurried(g) ||
        (chosen < POS_CELLS && cell != chosen)) {
        return cell == chosen && g->press.kind != PRESS_HOLD ? chosen : POS_CELLS;
    }
    *next = cell == chosen;
    return cell;
}

/* The menu's frame (firmware/README.md, "Menu"): unlike any board position. Nothing
 * chosen: each cell in its own look. A cell chosen: it green and blinking, and the eight
 * others in its look: its value at a glance, without hue. */
void game_menu_frame(const game_t *g, leds_frame_t *f)
{
    bool next;
    uint8_t chosen = game_menu_shown(g, &next);
    *f = (leds_frame_t){0};
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        uint16_t bit = game_bit(cell);
        if (cell == chosen) {
            f->green |= bit;
            f->blink |= bit;
        } else {
            game_menu_paint(f, bit, game_menu_look(g, chosen < POS_CELLS ? chosen : cell, next));
        }
    }
}
