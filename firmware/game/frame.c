/* firmware/game/frame.c - what the LEDs show in each state (firmware/README.md, the
 * table at the top and "Colour-blind display and brightness"): the board, the yellow
 * cells over it, the displays that hide it, the menu (menu.c), and over all of them the
 * flicker of ignored presses. Drawn afresh from the state at every frame. */
#include "game_rooms.h"

#include <string.h>

#include "bars.h"
#include "menu.h"
#include "pgm.h"

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

/* Bar i's count (bars.h: the sum of its kinds), the counts halved `shift` times; a sum
 * that is not 0 stays at least 1. */
static uint16_t game_bar_count(const uint16_t *n, uint8_t i, uint8_t shift)
{
    uint8_t kinds = game_bar_get(i, GAME_BAR_KINDS);
    uint16_t c = 0, some = 0;
    for (uint8_t k = 0; k < STATS_KINDS; k++) {
        if (kinds >> k & 1u) {
            c = (uint16_t)(c + (n[k] >> shift));
            some |= n[k];
        }
    }
    return c ? c : (some != 0);
}

/* Picture pic of the statistics (the menu's STATS cell) of the mode at this game's level: each bar
 * in proportion to the picture's largest count, in its colour and look (bars.h), the
 * frame above it dim yellow; a column without a bar is dark. The counts are halved until
 * each is below 2048, so a sum of four stays within 16 bits. */
static void game_stats_picture(const game_t *g, uint8_t pic, leds_frame_t *p)
{
    const uint16_t *n = g->stats.games[g->rule][stats_table(g->settings.mode, g->level)];
    uint16_t top = 0;
    uint8_t shift = 0;
    memset(p, 0, sizeof *p);
    while ((uint16_t)((n[0] | n[1] | n[2] | n[3]) >> shift) >= 2048u) {
        shift++;
    }
    for (uint8_t i = 0; i < GAME_BARS; i++) {
        uint16_t c = game_bar_count(n, i, shift);
        top = game_bar_get(i, GAME_BAR_PIC) == pic && c > top ? c : top;
    }
    for (uint8_t i = 0; i < GAME_BARS; i++) {
        uint16_t column = GAME_COLUMN(game_bar_get(i, GAME_BAR_COL)), bar, frame;
        uint8_t look = game_bar_get(i, GAME_BAR_LOOK), h;
        if (game_bar_get(i, GAME_BAR_PIC) != pic) {
            continue;
        }
        h = stats_bar_rows(game_bar_count(n, i, shift), top);
        /* the column's cells in the lowest h rows, and above them its frame */
        bar = (uint16_t)(column & (0xffffu << GAME_SIDE * (GAME_SIDE - h)));
        frame = (uint16_t)(column & ~bar);
        p->red |= (look & BARS_RED) ? column : frame;
        p->green |= (look & BARS_GREEN) ? column : frame;
        p->dim |= (look >> 2 & BARS_DIM) ? column : frame;
        p->blink |= (look >> 2 & BARS_BLINK) ? bar : 0u;
    }
}

/* Two players, no key held: the empty cells say the AI will not answer. */
static bool game_no_ai_beat(const game_t *g)
{
    return g->settings.mode == GAME_MODE_2P && !g->over && !g->press.held &&
           (uint16_t)(g->idle % GAME_2P_BEAT_MS) >= GAME_2P_BEAT_MS - GAME_2P_BEAT_ON_MS;
}

/* Idle before the first move or at game over: the menu's cell shows where it is. */
static bool game_menu_hint(const game_t *g)
{
    uint16_t wait = g->over ? GAME_MENU_HINT_OVER_MS : GAME_MENU_HINT_MS;
    return !g->press.held && (g->over || !game_person_moved(g)) && g->idle >= wait &&
           (uint16_t)(g->idle % GAME_MENU_HINT_EVERY_MS) < GAME_MENU_HINT_ON_MS;
}

/* Position p with `yellow` cells over it and `blink` cells blinking, the yellow's
 * colour-blind pulse on `clock` (ms). Colour-blind cues: O dimmed; yellow pulses
 * full/dimmed. */
static void game_marks(const game_t *g, leds_frame_t *f, pos_t p, uint16_t yellow, uint16_t blink,
                       uint16_t clock)
{
    uint16_t keep = (uint16_t)~yellow;
    f->red = (uint16_t)((p.x & keep) | yellow);
    f->green = (uint16_t)((p.o & keep) | yellow);
    f->blink = (uint16_t)(blink & keep);
    f->dim = 0;
    if (g->settings.color_blind) {
        f->dim = (uint16_t)(p.o & keep);
        if ((clock / GAME_PULSE_MS) & 1u) {
            f->dim |= yellow;
        }
    }
}

/* Fading, a game under way: each player's mark that vanishes at its next move winks, dark
 * GAME_FADE_WINK_OFF_MS once every GAME_FADE_WINK_MS (firmware/README.md, "Fading
 * marks": unlike every blink, pulse and flicker). */
static uint16_t game_winking(const game_t *g)
{
    uint16_t cells = 0;
    if (g->over ||
        (uint16_t)(g->clock % GAME_FADE_WINK_MS) < GAME_FADE_WINK_MS - GAME_FADE_WINK_OFF_MS) {
        return 0;
    }
    for (uint8_t player = PLAYER_X; player <= PLAYER_O; player++) {
        uint8_t cell = state_vanishing(g->rule, &g->st, player);
        if (cell < POS_CELLS) {
            cells |= game_bit(cell);
        }
    }
    return cells;
}

/* The board with `yellow` cells over it (an armed key, a hint, a confirmation). */
static void game_board(const game_t *g, leds_frame_t *f, uint16_t yellow, uint16_t clock)
{
    uint16_t dark = (uint16_t)(game_winking(g) & ~yellow);
    game_marks(g, f, g->st.pos, yellow, (g->over || g->blink_ms) ? g->blink : 0u, clock);
    f->red &= (uint16_t)~dark;
    f->green &= (uint16_t)~dark;
}

/* Where it went wrong (REPLAY): the moves one by one up to the one that lost, that move
 * blinking, then the board before it with the move that would have held in yellow. */
static void game_replay_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t t = (uint16_t)(game_replay_ms(g->ply) - g->state_ms);
    uint16_t played = (uint16_t)((g->ply + 1u) * GAME_REPLAY_STEP_MS);
    uint8_t plies = (uint8_t)(g->ply + 1u);
    if (t < played) {
        plies = (uint8_t)(t / GAME_REPLAY_STEP_MS + 1u);
    } else if (t >= played + GAME_REPLAY_MARK_MS) {
        game_marks(g, f, game_replayed(g, g->ply), game_bit(g->cell), 0, g->state_ms);
        return;
    }
    game_marks(g, f, game_replayed(g, plies), 0, t < played ? 0u : game_bit(g->moves[g->ply]), 0);
}

/* Toddler mode: the cells pressed light full yellow a while (no mark is yellow); at
 * rest the four corners dim yellow, which no board shows. */
static void game_toy_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t corners = 0x145u, lit = g->toy_ms ? g->toy : corners;
    f->red = f->green = lit;
    f->dim = g->toy_ms ? 0u : corners;
    f->blink = 0;
}

/* The centre held (a press the game takes, GAME_RING_START_MS or longer): the ring
 * around it fills, a cell every GAME_RING_STEP_MS, the last as the menu's hold is reached
 * (keep holding); 0: none. */
static uint16_t game_ring(const game_t *g)
{
    static const uint8_t ring[GAME_RING_CELLS] PROGMEM = {0, 1, 2, 5, 8, 7, 6, 3};
    uint16_t cells = 0;
    uint8_t n;
    if (g->press.cell != GAME_MENU_OPEN_CELL || g->press.ms < GAME_RING_START_MS ||
        (g->press.kind != PRESS_TAP && g->press.kind != PRESS_LONG)) {
        return 0;
    }
    n = (uint8_t)((g->press.ms - GAME_RING_START_MS) / GAME_RING_STEP_MS + 1u);
    for (uint8_t i = 0; i < n && i < GAME_RING_CELLS; i++) {
        cells |= game_bit(pgm_read_byte(&ring[i]));
    }
    return cells;
}

/* The board alone, with its signs: no AI in two-player mode, where the menu is. */
static void game_board_signs(const game_t *g, leds_frame_t *f)
{
    uint16_t sign = game_no_ai_beat(g) ? pos_empty(g->st.pos) : 0u;
    game_board(g, f, 0, 0);
    if (game_menu_hint(g)) {
        sign = game_bit(GAME_MENU_OPEN_CELL);
    }
    f->red |= sign;
    f->green |= sign;
    f->dim |= sign;
    f->blink &= (uint16_t)~sign;
}

/* A display hiding the board, in red and green; colour-blind cues (the analysis): green
 * full, yellow dimmed, red blinking. */
static void game_hidden(const game_t *g, leds_frame_t *f, uint16_t red, uint16_t green, bool cues)
{
    f->red = red;
    f->green = green;
    f->dim = f->blink = 0;
    if (cues && g->settings.color_blind) {
        f->dim = (uint16_t)(red & green);
        f->blink = (uint16_t)(red & ~green);
    }
}

/* The lamp test: red, then green, then yellow, GAME_LAMP_STEP_MS each: steps 2, 1, 0. */
static void game_lamp_frame(const game_t *g, leds_frame_t *f)
{
    uint8_t step = (uint8_t)((g->state_ms - 1u) / GAME_LAMP_STEP_MS);
    game_hidden(g, f, step == 1u ? 0u : POS_ALL, step == 2u ? 0u : POS_ALL, false);
}

/* The greeting: a yellow head with a green and a red tail, one cell per GAME_BOOT_MS / 9. */
static void game_sweep_frame(const game_t *g, leds_frame_t *f)
{
    uint8_t cell = (uint8_t)(POS_CELLS - 1u - (g->state_ms - 1u) / (GAME_BOOT_MS / POS_CELLS));
    uint16_t head = game_bit(cell);
    game_hidden(g, f, (uint16_t)(head | (head >> 2)), (uint16_t)(head | (head >> 1)), false);
}

/* The frame of the state (the menu aside). */
static void game_state_frame(const game_t *g, leds_frame_t *f)
{
    switch ((game_state_t)g->state) {
    case GAME_ST_HINT:
    case GAME_ST_CONFIRM:
        game_board(g, f, game_bit(g->cell), g->state_ms);
        return;
    case GAME_ST_READ: /* the cell just read */
        game_board(g, f, g->cell ? game_bit((uint8_t)(g->cell - 1u)) : 0u, g->state_ms);
        return;
    case GAME_ST_ANALYSIS: /* green wins, yellow (both) draws, red loses */
        game_hidden(g, f, (uint16_t)(g->cells & ~g->wins), (uint16_t)(g->cells & ~g->losses), true);
        return;
    case GAME_ST_STATS_RESULTS: /* its own cues, whatever the setting */
    case GAME_ST_STATS_PLAYED:
        game_stats_picture(g, g->state == GAME_ST_STATS_PLAYED, f);
        return;
    case GAME_ST_LAMP:
        game_lamp_frame(g, f);
        return;
    case GAME_ST_GREETING:
        game_sweep_frame(g, f);
        return;
    case GAME_ST_REPLAY:
        game_replay_frame(g, f);
        return;
    case GAME_ST_TODDLER:
        game_toy_frame(g, f);
        return;
    case GAME_ST_BOARD:
    case GAME_ST_WAKING:
    case GAME_ST_RESULT:
    case GAME_ST_MENU: /* (the menu: game_frame) */
    case GAME_ST_MENU_CHOSEN:
    case GAME_STATE_COUNT:
        game_board_signs(g, f);
        return;
    }
}

void game_frame(const game_t *g, leds_frame_t *f)
{
    uint16_t flash = g->flash_ms ? g->flash : 0u, armed = press_armed(&g->press);
    bool menu = game_menu_open(g);
    uint16_t ring = menu ? 0u : game_ring(g);
    if (g->state == GAME_ST_TODDLER) {
        game_toy_frame(g, f);
    } else if (menu || (g->press.kind == PRESS_HOLD && g->press.cell == GAME_MENU_OPEN_CELL)) {
        /* the menu (menu.c: a long press in it previews), or held long enough to open it:
         * what the release will show */
        game_menu_frame(g, f);
    } else if (armed || ring) { /* the key of a long press (the centre's with its ring):
                                 * yellow over the board, its pulse counting down to a
                                 * stuck key as a hint's counts down */
        game_board(g, f, (uint16_t)(armed | ring), (uint16_t)(GAME_STUCK_MS - g->press.ms));
    } else {
        game_state_frame(g, f);
    }
    /* ignored presses: lit, dark, lit, ..., GAME_FLASH_STEP_MS each, over everything: no
     * other display goes dark this fast. Yellow, the one colour that is no mark (red or
     * green on an empty cell would read as an X or an O appearing). */
    uint16_t lit = ((GAME_FLASH_MS - g->flash_ms) / GAME_FLASH_STEP_MS) & 1u ? 0u : flash;
    f->red = (uint16_t)((f->red & ~flash) | lit);
    f->green = (uint16_t)((f->green & ~flash) | lit);
    f->dim &= (uint16_t)~flash;
    f->blink &= (uint16_t)~flash;
}
