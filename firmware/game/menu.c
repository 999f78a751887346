/* firmware/game/menu.c - the menu (firmware/README.md, "Menu"): opening it, a press in it
 * (choose, pick, close), each action's pick and its look, from the table in menu.h. An
 * action of the table without its menu_pick_ and menu_look_ functions does not build:
 * the dispatch is generated from GAME_MENU_ACTIONS, with no default. */
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
 * settings, 0 in force or the first step (full), 1 not or a middle step (dimmed), 2 the
 * last step (dimmed and blinking). */
typedef struct {
    game_t *g;
    uint8_t cell;
    uint8_t arg;
} menu_pick_t;
typedef struct {
    const settings_t *s;
    uint8_t arg;
} menu_look_t;
#define MENU_DECLARE(action)                                                                       \
    static void menu_pick_##action(const menu_pick_t *p);                                          \
    static uint8_t menu_look_##action(const menu_look_t *l);
GAME_MENU_ACTIONS(MENU_DECLARE)

void game_menu_open_now(game_t *g)
{
    game_enter(g, GAME_ST_MENU, GAME_MENU_MS);
    game_report(g, GAME_REP_MENU)->value = 1;
    game_sound(g, SOUNDS_menu_open);
}

void game_menu_close(game_t *g)
{
    game_enter(g, GAME_ST_BOARD, 0);
    game_sound(g, SOUNDS_menu_close);
    game_report(g, GAME_REP_MENU)->value = 0;
}

/* A tap chooses a cell (not the closing one). */
static void game_menu_choose(game_t *g, uint8_t cell)
{
    game_report_t *r;
    game_enter(g, GAME_ST_MENU_CHOSEN, g->state_ms);
    g->cell = cell;
    r = game_report(g, GAME_REP_MENU);
    r->value = 2;
    r->cell = cell;
}

void game_menu_press(game_t *g, uint8_t cell, uint8_t kind)
{
    menu_pick_t p = {g, cell, game_menu_get(cell, GAME_MENU_ARG)};
    uint8_t action = game_menu_get(cell, GAME_MENU_ACTION);
    if (g->state == GAME_ST_MENU && kind == PRESS_TAP && action != GAME_MENU_CLOSE) {
        game_menu_choose(g, cell);
        return;
    }
    if (g->state != GAME_ST_MENU_CHOSEN || kind == PRESS_TAP || cell != g->cell) {
        game_menu_close(g); /* any other press */
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
    game_sound(g, SOUNDS_menu_close);
}

static void menu_pick_STATS(const menu_pick_t *p)
{
    game_t *g = p->g;
    game_enter(g, GAME_ST_STATS_RESULTS, GAME_STATS_RESULTS_MS);
    game_sound(g, SOUNDS_menu_close);
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

/* The next brightness: full, medium, night, medium, ... (never night to full). */
static void menu_pick_BRIGHTNESS(const menu_pick_t *p)
{
    game_t *g = p->g;
    uint8_t bright = g->settings.brightness;
    if (bright == LEDS_BRIGHT_FULL || bright == LEDS_BRIGHT_NIGHT) {
        g->bright_up = bright == LEDS_BRIGHT_NIGHT;
    }
    game_set_brightness(g, (uint8_t)(g->bright_up ? bright + 1u : bright - 1u));
}

static void menu_pick_CLOSE(const menu_pick_t *p)
{
    game_menu_close(p->g); /* never chosen: a tap on it closes the menu */
}

/* ---- the looks ---- */

static uint8_t menu_look_MODE(const menu_look_t *l)
{
    return l->s->mode == l->arg ? 0u : 1u;
}

static uint8_t menu_look_STATS(const menu_look_t *l)
{
    (void)l; /* it only acts: always dimmed */
    return 1u;
}

static uint8_t menu_look_LEVEL(const menu_look_t *l)
{
    return l->s->level; /* perfect, medium, easy */
}

static uint8_t menu_look_SOUND(const menu_look_t *l)
{
    return l->s->sound; /* on, quiet, off */
}

static uint8_t menu_look_COLOUR_BLIND(const menu_look_t *l)
{
    return l->s->color_blind ? 0u : 1u;
}

static uint8_t menu_look_BRIGHTNESS(const menu_look_t *l)
{
    uint8_t b = l->s->brightness; /* full; the levels between; night */
    return b == LEDS_BRIGHT_FULL ? 0u : b == LEDS_BRIGHT_NIGHT ? 2u : 1u;
}

static uint8_t menu_look_CLOSE(const menu_look_t *l)
{
    (void)l; /* it only acts: always dimmed */
    return 1u;
}
_Static_assert(LEVEL_PERFECT == 0 && LEVELS == 3 && SOUNDS_ON == 0 && SOUNDS_SETTINGS == 3,
               "three steps each: full, dimmed, dimmed and blinking");

static uint8_t game_menu_look(const settings_t *s, uint8_t cell)
{
    menu_look_t l = {s, game_menu_get(cell, GAME_MENU_ARG)};
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

/* The menu's frame (firmware/README.md, "Menu"): unlike any board position. */
void game_menu_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t full = 0, blink = 0;
    for (uint8_t cell = 0; cell < POS_CELLS; cell++) {
        uint8_t look = game_menu_look(&g->settings, cell);
        if (look == 0u) {
            full |= game_bit(cell);
        } else if (look == 2u) {
            blink |= game_bit(cell);
        }
    }
    f->red = f->green = POS_ALL;
    f->dim = (uint16_t)(POS_ALL & ~full);
    f->blink = blink;
    if (g->state == GAME_ST_MENU_CHOSEN) { /* chosen: green, blinking */
        uint16_t bit = game_bit(g->cell);
        f->red &= (uint16_t)~bit;
        f->dim &= (uint16_t)~bit;
        f->blink |= bit;
    }
}
