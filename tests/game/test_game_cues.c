/* tests/game/test_game_cues.c - the colour-blind display (firmware/README.md, "Colour-blind
 * display and brightness"): hue is never the only cue. Each scenario puts the game in
 * one state, with the colour-blind display off and on, and follows every cell's look
 * over 1.2 s of game_frame (blink as the HAL draws it: 256 ms lit, 256 dark, from the
 * frame where a cell starts blinking). With colours, a look is the hue and brightness
 * at each moment; colour-blind, only the brightness: off, dimmed or full. Any two cells
 * that look different in colour must look different colour-blind, by brightness or by
 * their time pattern (steady, blink, pulse, flicker). Each scenario also names the
 * pairs a player must tell apart (X vs O, empty vs O, hint vs mark, analysis win vs
 * draw vs loss, menu in force vs not, ignored press vs taken-cell blink, ...), and the
 * test checks that those pairs are among the ones compared. */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "engine.h"
#include "play.h"
#include "game_test_util.h"

#define STEP_MS 4u
#define SAMPLES 300u /* 1.2 s */

typedef struct {
    uint8_t colour[9][SAMPLES]; /* bit 0 red, 1 green, 2 dim; 0 dark */
    uint8_t level[9][SAMPLES];  /* 0 dark, 1 dim, 2 full */
} looks_t;

/* The looks of *g's cells from now on (g itself is left as it is). */
static void follow(const game_t *g, looks_t *l)
{
    game_t h = *g;
    uint16_t prev_blink = 0;
    uint32_t origin = 0;
    for (uint32_t s = 0; s < SAMPLES; s++) {
        leds_frame_t f;
        uint32_t t = s * STEP_MS;
        game_frame(&h, &f);
        if (f.blink & (uint16_t)~prev_blink) {
            origin = t; /* leds_show(): a new blink starts lit */
        }
        prev_blink = f.blink;
        for (uint8_t c = 0; c < 9; c++) {
            uint16_t bit = (uint16_t)(1u << c);
            int lit = (f.red | f.green) & bit && !((f.blink & bit) && ((t - origin) / 256u) % 2u);
            int dim = (f.dim & bit) != 0;
            uint8_t hue = (uint8_t)(((f.red & bit) ? 1u : 0u) | ((f.green & bit) ? 2u : 0u));
            l->colour[c][s] = (uint8_t)(lit ? hue | (dim ? 4u : 0u) : 0u);
            l->level[c][s] = (uint8_t)(lit ? (dim ? 1u : 2u) : 0u);
        }
        game_tick(&h, STEP_MS);
        gtu_discard_reports(&h);
    }
}

static int differ(const uint8_t a[SAMPLES], const uint8_t b[SAMPLES])
{
    return memcmp(a, b, SAMPLES) != 0;
}

typedef void (*scenario_fn)(game_t *g, uint8_t cb);
typedef struct {
    uint8_t a, b; /* cells, 0-8; HINT: the cell the last hint showed */
    const char *what;
} pair_t;
#define HINT 9u
#define AI_LAST 10u /* the AI's last move (fading scenario) */
#define O_OLD 11u   /* o's mark that vanishes next (fading scenario) */
#define X_OLD 12u   /* x's mark that vanishes next (fading scenario) */
static uint8_t hint_cell, ai_cell, o_old_cell, x_old_cell;
#define PAIRS_MAX 6
typedef struct {
    const char *name;
    scenario_fn set_up;
    pair_t named[PAIRS_MAX];
    uint16_t own; /* cells that show the colour-blind setting itself: not compared */
} scenario_t;

static unsigned pairs_checked;

/* Builds the scenario with colours and colour-blind; every pair of cells that differ
 * in colour must differ colour-blind; the named pairs must differ in colour. */
static void check_scenario(const scenario_t *sc)
{
    static looks_t colour, blind;
    game_t g;
    unsigned n = 0;
    sc->set_up(&g, 0);
    follow(&g, &colour);
    sc->set_up(&g, 1);
    follow(&g, &blind);
    for (uint8_t a = 0; a < 9; a++) {
        for (uint8_t b = (uint8_t)(a + 1u); b < 9; b++) {
            if (((sc->own >> a) | (sc->own >> b)) & 1u ||
                !differ(colour.colour[a], colour.colour[b])) {
                continue;
            }
            n++;
            if (!differ(blind.level[a], blind.level[b])) {
                fail_msg("%s: cells %u and %u differ only in hue in the colour-blind display",
                         sc->name, a + 1u, b + 1u);
            }
        }
    }
    for (const pair_t *p = sc->named; p < sc->named + PAIRS_MAX && p->what; p++) {
        uint8_t a = p->a == HINT ? hint_cell : p->a == AI_LAST ? ai_cell : p->a;
        uint8_t b = p->b == O_OLD ? o_old_cell : p->b == X_OLD ? x_old_cell : p->b;
        if (!differ(colour.colour[a], colour.colour[b])) {
            fail_msg("%s: %s (cells %u, %u) is not shown", sc->name, p->what, a + 1u, b + 1u);
        }
    }
    pairs_checked += n;
    print_message("%s: %u pairs of cells that differ in colour differ colour-blind\n",
                  sc->name, n);
}

static void start(game_t *g, uint8_t mode, uint8_t cb)
{
    gtu_start(g, mode, LEVEL_PERFECT, 1);
    game_set_color_blind(g, cb);
}

/* x 1 5, o 2 9 (two players), o to move. */
static void mid_game(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_2P, cb);
    gtu_tap(g, 0);
    gtu_tap(g, 1);
    gtu_tap(g, 4);
    gtu_tap(g, 8);
    gtu_tick(g, GAME_ERROR_MS);
}

static void sc_ai_last_move(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_AI_X, cb);
    gtu_tap(g, 0);
    gtu_tick(g, GAME_AI_DELAY_MS); /* o at 5: blinking */
    assert_int_equal(game_pos(g).o, 1u << 4);
}

static void sc_taken_and_ignored(game_t *g, uint8_t cb)
{
    mid_game(g, cb);
    gtu_tap(g, 0);  /* taken: blinks */
    game_wake(g);   /* a press now is ignored: it flickers */
    gtu_ev(g, KEY_EV_PRESS, 2);
}

static void sc_hint(game_t *g, uint8_t cb)
{
    mid_game(g, cb);
    gtu_long(g, 2);
    assert_non_null(gtu_last_report(GAME_REP_HINT));
    hint_cell = gtu_last_report(GAME_REP_HINT)->cell;
    assert_true((pos_empty(game_pos(g)) >> hint_cell) & 1u);
    assert_true(hint_cell != 7);
}

static void sc_armed(game_t *g, uint8_t cb)
{
    mid_game(g, cb);
    gtu_ev(g, KEY_EV_PRESS, 2);
    gtu_tick(g, GAME_LONG_MS);
}

/* x 1 2, o 4 5, x to move: 3 wins, 6 draws (it blocks), the rest lose. */
static void sc_analysis(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_2P, cb);
    gtu_tap(g, 0);
    gtu_tap(g, 3);
    gtu_tap(g, 1);
    gtu_tap(g, 4);
    gtu_long(g, 0);
    {
        const game_report_t *r = gtu_last_report(GAME_REP_ANALYSIS);
        assert_non_null(r);
        assert_true(r->wins & (1u << 2));
        assert_true(r->losses & (1u << 6));
        assert_true(r->cells & ~r->wins & ~r->losses & (1u << 5));
    }
}

/* two players, x wins on the top row; x 9 and o 4 5 7 stay steady */
static void sc_x_wins(game_t *g, uint8_t cb)
{
    static const uint8_t seq[7] = {0, 3, 8, 4, 1, 6, 2};
    start(g, GAME_MODE_2P, cb);
    for (int i = 0; i < 7; i++) {
        gtu_tap(g, seq[i]);
        gtu_tick(g, 250); /* two people: no toddler's burst */
    }
    gtu_settle(g);
    assert_int_equal(game_winner(g), PLAYER_X);
}

/* two players, o wins on the middle row; x 1 2 9 stay steady, o 7 too */
static void sc_o_wins(game_t *g, uint8_t cb)
{
    static const uint8_t seq[8] = {0, 3, 1, 4, 8, 6, 7, 5};
    start(g, GAME_MODE_2P, cb);
    for (int i = 0; i < 8; i++) {
        gtu_tap(g, seq[i]);
        gtu_tick(g, 250);
    }
    gtu_settle(g);
    assert_int_equal(game_winner(g), PLAYER_O);
}

static void sc_menu(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_AI_X, cb);
    game_set_brightness(g, LEDS_BRIGHT_NIGHT);
    game_set_level(g, LEVEL_MEDIUM);
    game_set_sound(g, SOUNDS_OFF);
    gtu_open(g);
    assert_true(game_menu_open(g));
}

/* The menu's you-O pick as o: the confirmation and the AI's opening blink at once. */
static void sc_pick(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_AI_O, cb);
    gtu_tick(g, GAME_AI_DELAY_MS);
    gtu_menu(g, GTU_MENU_MODEAI_O);
    gtu_tick(g, GAME_AI_DELAY_MS); /* the AI's opening of the new game */
    assert_int_equal(pos_count(game_pos(g).x), 1);
}

static void sc_stats(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_AI_X, cb);
    gtu_stats(g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, game_level(g))][STATS_WIN] = 3;
    gtu_stats(g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, game_level(g))][STATS_DRAW] = 2;
    gtu_stats(g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, game_level(g))][STATS_LOSS] = 1;
    gtu_stats_show(g);
}

/* The second picture (played out 6, abandoned 2): a full bar left, one cell right. */
static void sc_stats_abandoned(game_t *g, uint8_t cb)
{
    sc_stats(g, cb);
    gtu_stats(g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, game_level(g))][STATS_ABANDONED] = 2;
    gtu_tick(g, GAME_STATS_RESULTS_MS + GAME_STATS_PLAYED_MS);
    gtu_stats_show(g);
    while (game_state(g) == GAME_ST_STATS_RESULTS) {
        gtu_tick(g, 1);
    }
}

/* The menu, sound chosen (on, quiet or off): green, blinking; the others its value. */
static uint8_t chosen_value = SOUNDS_QUIET_ONLY;
static void sc_menu_chosen(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_AI_X, cb);
    game_set_sound(g, chosen_value);
    gtu_open(g);
    gtu_pause(g);
    gtu_tap(g, 5);
    assert_int_equal(game_state(g), GAME_ST_MENU_CHOSEN);
}

/* Mid-game, the centre held 1.3 s: the ring's first five cells (1 2 3 6 9) over the
 * board, the centre armed. */
static void sc_ring(game_t *g, uint8_t cb)
{
    mid_game(g, cb);
    gtu_ev(g, KEY_EV_PRESS, 4);
    gtu_tick(g, 1300);
}

/* After a loss to the AI (x 2, then the lowest free cell: o 1, x 3 loses, o 4 would
 * have held it): where it went wrong, `at` ms into the replay. */
static void sc_replay(game_t *g, uint8_t cb, uint16_t at)
{
    start(g, GAME_MODE_AI_X, cb);
    gtu_tap(g, 1);
    while (!game_over(g)) {
        gtu_tick(g, 1000);
        gtu_tap(g, pos_first_cell(pos_empty(game_pos(g))));
    }
    for (uint32_t t = 0; t < 5000u && game_state(g) != GAME_ST_REPLAY; t++) {
        gtu_tick(g, 1);
    }
    assert_int_equal(game_state(g), GAME_ST_REPLAY);
    assert_int_equal(gtu_last_report(GAME_REP_REPLAY)->cell, 2);
    assert_int_equal(gtu_last_report(GAME_REP_REPLAY)->value, 3);
    gtu_tick(g, at);
}

/* Three moves replayed (1.5 s), then x's 3 blinking; from 3 s the board before it with
 * o's 4 in yellow. */
static void sc_replay_lost(game_t *g, uint8_t cb)
{
    sc_replay(g, cb, 1600);
}

static void sc_replay_held(game_t *g, uint8_t cb)
{
    sc_replay(g, cb, 3100);
}

/* Fading, two players: x 1 3 7, o 2 5 9, x to move: x's 1 and o's 2 wink (they vanish
 * at their owners' next moves); x taps its 3, taken: it blinks. */
static void sc_fading(game_t *g, uint8_t cb)
{
    static const uint8_t seq[6] = {0, 1, 2, 4, 6, 8};
    start(g, GAME_MODE_2P, cb);
    assert_true(game_set_game(g, RULE_FADING));
    for (int i = 0; i < 6; i++) {
        gtu_tap(g, seq[i]);
        gtu_tick(g, 250);
    }
    gtu_tap(g, 2);
}

/* Fading against the AI, x playing the engine's move: after the AI's third move
 * (blinking) each side has three marks, and each side's oldest winks. */
static void sc_fading_ai(game_t *g, uint8_t cb)
{
    start(g, GAME_MODE_AI_X, cb);
    assert_true(game_set_game(g, RULE_FADING));
    for (int i = 0; i < 3; i++) {
        gtu_tap(g, play_move(RULE_FADING, game_position(g)));
        gtu_tick(g, GAME_AI_DELAY_MS);
    }
    assert_false(game_over(g));
    ai_cell = gtu_last_report(GAME_REP_AI_MOVE)->cell;
    o_old_cell = state_vanishing(RULE_FADING, game_position(g), PLAYER_O);
    x_old_cell = state_vanishing(RULE_FADING, game_position(g), PLAYER_X);
    assert_int_equal(pos_count(game_pos(g).o), 3);
    assert_true(o_old_cell < 9 && o_old_cell != ai_cell && x_old_cell < 9);
}

static const scenario_t scenarios[] = {
    {.name = "fading: the marks that vanish, a taken cell",
     .set_up = sc_fading,
     .named = {{0, 6, "the x that vanishes vs x"}, {1, 4, "the o that vanishes vs o"},
               {0, 3, "the x that vanishes vs empty"}, {1, 5, "the o that vanishes vs empty"},
               {0, 2, "the x that vanishes vs the taken-cell blink"},
               {0, 1, "the x that vanishes vs the o that vanishes"}}},
    {.name = "fading: the marks that vanish, the AI's move",
     .set_up = sc_fading_ai,
     .named = {{AI_LAST, X_OLD, "the AI's move blinking vs the x that vanishes"},
               {AI_LAST, O_OLD, "the AI's move blinking vs the o that vanishes"}}},
    {.name = "the AI's last move",
     .set_up = sc_ai_last_move,
     .named = {{0, 4, "x vs the AI's o blinking"}, {4, 1, "the AI's o vs empty"},
               {0, 1, "x vs empty"}}},
    {.name = "a taken cell and an ignored press",
     .set_up = sc_taken_and_ignored,
     .named = {{0, 2, "taken-cell blink vs ignored-press flicker"}, {4, 8, "x vs o"},
               {8, 2, "o vs ignored-press flicker"}, {8, 3, "o (dim) vs empty"},
               {0, 4, "taken-cell blink vs x"}}},
    {.name = "hint",
     .set_up = sc_hint,
     .named = {{HINT, 0, "hint vs x"}, {HINT, 1, "hint vs o"},
               {HINT, 7, "hint vs empty"}}},
    {.name = "a long press armed",
     .set_up = sc_armed,
     .named = {{2, 0, "armed key vs x"}, {2, 1, "armed key vs o"}}},
    {.name = "analysis",
     .set_up = sc_analysis,
     .named = {{2, 5, "analysis win vs draw"}, {2, 6, "analysis win vs loss"},
               {5, 6, "analysis draw vs loss"}, {0, 5, "a mark (dark) vs analysis draw"}}},
    {.name = "x wins",
     .set_up = sc_x_wins,
     .named = {{0, 8, "x in the win line vs x"}, {0, 3, "win line vs o"},
               {8, 3, "x vs o"}}},
    {.name = "o wins",
     .set_up = sc_o_wins,
     .named = {{3, 6, "o in the win line vs o"}, {3, 0, "win line vs x"},
               {6, 2, "o vs empty"}}},
    {.name = "menu",
     .set_up = sc_menu,
     .named = {{0, 1, "menu: mode in force vs not"}, {3, 0, "menu: level medium vs you x"},
               {5, 3, "menu: sound off vs level medium"},
               {8, 6, "menu: brightness night vs statistics"}},
     .own = 1u << 7},
    {.name = "a menu pick",
     .set_up = sc_pick,
     .named = {{1, 0, "confirmation vs the AI's x"}}},
    {.name = "statistics",
     .set_up = sc_stats,
     .named = {{6, 7, "statistics win vs draw"}, {7, 8, "statistics draw vs loss"},
               {6, 8, "statistics win vs loss"}, {6, 2, "statistics win vs frame"},
               {7, 1, "statistics draw vs frame"}, {8, 5, "statistics loss vs frame"}}},
    {.name = "the menu, sound chosen",
     .set_up = sc_menu_chosen,
     .named = {{5, 0, "the chosen cell vs its value on the others"}}},
    {.name = "the ring",
     .set_up = sc_ring,
     .named = {{0, 3, "the ring over x vs empty"}, {1, 3, "the ring over o vs empty"},
               {2, 6, "the ring vs empty"}}},
    {.name = "where it went wrong: the move that lost",
     .set_up = sc_replay_lost,
     .named = {{2, 1, "the move that lost vs x"}, {2, 0, "the move that lost vs o"},
               {2, 5, "the move that lost vs empty"}}},
    {.name = "where it went wrong: the move that would have held",
     .set_up = sc_replay_held,
     .named = {{3, 1, "the move that would have held vs x"},
               {3, 0, "the move that would have held vs o"},
               {3, 5, "the move that would have held vs empty"}}},
    {.name = "statistics, abandoned",
     .set_up = sc_stats_abandoned,
     .named = {{6, 8, "played out vs abandoned"}, {8, 5, "abandoned vs frame"},
               {6, 7, "played out vs the dark middle"}, {5, 4, "frame vs the dark middle"}}},
};

static void test_colour_blind_cues(void **state)
{
    (void)state;
    play_init();
    pairs_checked = 0;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        check_scenario(&scenarios[i]);
    }
    print_message("%u pairs in %zu scenarios\n", pairs_checked,
                  sizeof scenarios / sizeof scenarios[0]);
}

/* Every setting's value shows without hue while it is chosen, the same three looks for
 * each: on (or the first step), quiet (the middle), off (the last) on the eight other
 * cells full, dimmed, dimmed and blinking: pairwise different colour-blind, and each
 * unlike the chosen cell's own look. */
static void test_menu_values_without_hue(void **state)
{
    static looks_t looks[3];
    (void)state;
    play_init();
    for (uint8_t v = 0; v < 3; v++) {
        game_t g;
        chosen_value = v;
        sc_menu_chosen(&g, 1);
        follow(&g, &looks[v]);
        assert_true(differ(looks[v].level[5], looks[v].level[0]));
    }
    for (uint8_t a = 0; a < 3; a++) {
        for (uint8_t b = (uint8_t)(a + 1u); b < 3; b++) {
            assert_true(differ(looks[a].level[0], looks[b].level[0]));
        }
    }
    chosen_value = SOUNDS_QUIET_ONLY;
}

/* The longest dark spell (samples) of a lit cell's colour-blind look, from its first lit
 * sample on: a blink's 256 ms, a flicker's 50 ms, a pulse's none. */
static unsigned longest_dark(const uint8_t level[SAMPLES])
{
    unsigned run = 0, longest = 0, s = 0;
    while (s < SAMPLES && !level[s]) {
        s++;
    }
    for (; s < SAMPLES; s++) {
        run = level[s] ? 0u : run + 1u;
        longest = run > longest ? run : longest;
    }
    return longest;
}

/* The fading wink (a vanishing mark dark GAME_FADE_WINK_OFF_MS, lit the rest) is unlike
 * every other cue that goes dark or dim in time, colour-blind: the winning line, the AI's
 * move, a taken cell, the menu's chosen cell (blinks: dark 256 ms), an ignored press (a
 * flicker), a hint (a pulse: never dark). They cannot show at once (a won game has no
 * wink, the menu hides the board), so their dark spells are compared. */
static void test_fading_wink_unlike_every_blink(void **state)
{
    static const struct {
        scenario_fn set_up;
        uint8_t cell;
        const char *what;
    } cues[] = {{sc_x_wins, 0, "the winning line"},
                {sc_ai_last_move, 4, "the AI's move"},
                {sc_fading, 2, "a taken cell"},
                {sc_menu_chosen, 5, "the menu's chosen cell"},
                {sc_taken_and_ignored, 2, "an ignored press"},
                {sc_hint, HINT, "a hint"}};
    static looks_t l;
    game_t g;
    unsigned wink;
    (void)state;
    play_init();
    sc_fading(&g, 1);
    follow(&g, &l);
    wink = longest_dark(l.level[0]);
    assert_int_equal(wink, GAME_FADE_WINK_OFF_MS / STEP_MS);
    assert_int_equal(longest_dark(l.level[1]), wink); /* o's, dim */
    for (size_t i = 0; i < sizeof cues / sizeof cues[0]; i++) {
        cues[i].set_up(&g, 1);
        follow(&g, &l);
        unsigned dark = longest_dark(l.level[cues[i].cell == HINT ? hint_cell : cues[i].cell]);
        print_message("the wink: dark %u ms; %s: %u ms\n", wink * STEP_MS, cues[i].what,
                      dark * STEP_MS);
        if (dark == wink) {
            fail_msg("the fading wink looks like %s (dark %u ms)", cues[i].what, dark * STEP_MS);
        }
    }
}

/* The looks compared colour-blind see through hue: with the colour-blind display off,
 * x (red) and o (green) look the same there; on, they differ. */
static void test_catches_hue_only(void **state)
{
    static looks_t blind;
    game_t g;
    (void)state;
    play_init();
    mid_game(&g, 0); /* colours only: x and o both full */
    follow(&g, &blind);
    assert_false(differ(blind.level[0], blind.level[1]));
    mid_game(&g, 1);
    follow(&g, &blind);
    assert_true(differ(blind.level[0], blind.level[1]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_colour_blind_cues),
        cmocka_unit_test(test_catches_hue_only),
        cmocka_unit_test(test_fading_wink_unlike_every_blink),
        cmocka_unit_test(test_menu_values_without_hue),
    };
    return cmocka_run_group_tests_name("game_cues", tests, NULL, NULL);
}
