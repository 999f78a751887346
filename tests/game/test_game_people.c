/* tests/game/test_game_people.c - the game for people who have not read the manual
 * (issue 35; firmware/README.md, "Gestures", "Menu", "Toddler mode"): a finished game's
 * result that a toddler cannot wipe, toddler mode (a palm or a burst: a toy until a calm
 * tap, nothing counted, saved or set), where a lost game went wrong, and the menu's
 * unhurried presses, its double tap and its preview. The timings are the manual's
 * figures, written as literals: a changed table entry fails here. */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "engine.h"
#include "play.h"
#include "game_test_util.h"
#include "sounds.h"

static int setup(void **state)
{
    (void)state;
    play_init();
    return 0;
}

/* Two players, x to win on the top row with its next tap (x 1 2, o 4 5). */
static void x_about_to_win(game_t *g)
{
    gtu_start(g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_place(g, (pos_t){0x003, 0x018});
    gtu_tick(g, 1000);
    gtu_clear();
}

/* The result stays 2 s: presses meanwhile flicker, silently (the tune plays whole),
 * start nothing; then a tap starts a new game, clicked and said. */
static void test_result_stays(void **state)
{
    game_t g;
    (void)state;
    x_about_to_win(&g);
    gtu_tap(&g, 2);
    assert_true(game_over(&g));
    assert_int_equal(game_state(&g), GAME_ST_RESULT);
    assert_int_equal(game_take_sound(&g), SOUNDS_win);
    for (uint32_t t = 0; t < 1900u; t += 300u) {
        gtu_tap(&g, 8);
        assert_int_equal(game_take_sound(&g), SOUNDS_NONE); /* no buzz over the tune */
        assert_int_equal(gtu_flickering(&g), 1u << 8);
        assert_true(game_over(&g));
        gtu_tick(&g, 300u - 61u);
    }
    assert_int_equal(gtu_reports_of(GAME_REP_NEW), 0);
    gtu_tick(&g, 2000u - 7u * 300u + 100u);
    assert_int_equal(game_state(&g), GAME_ST_BOARD); /* 2 s: over, two players, no replay */
    gtu_tap(&g, 8);
    assert_false(game_over(&g));
    assert_int_equal(gtu_reports_of(GAME_REP_NEW), 1);
    assert_int_equal(game_take_sound(&g), SOUNDS_click); /* the press is acknowledged */
    assert_int_equal(gtu_marks(&g), 0);
}

/* Exactly 2 s: a press begun at 1999 ms is refused, at 2000 ms it starts the game. */
static void test_result_two_seconds(void **state)
{
    game_t g;
    (void)state;
    x_about_to_win(&g);
    gtu_tap(&g, 2);
    gtu_tick(&g, 1999u - 1u);
    gtu_tap(&g, 8);
    assert_true(game_over(&g));
    x_about_to_win(&g);
    gtu_tap(&g, 2);
    gtu_tick(&g, 2000u - 1u);
    gtu_tap(&g, 8);
    assert_false(game_over(&g));
}

/* Keys down at these offsets (ms), each held `hold` ms from its own down; time then
 * runs on 2 s. */
static void keys_down(game_t *g, const uint16_t *at, const uint8_t *cells, uint8_t n,
                      uint16_t hold)
{
    uint32_t t = 0;
    for (uint8_t i = 0; i < n; i++) {
        gtu_tick(g, at[i] - t);
        t = at[i];
        gtu_ev(g, KEY_EV_PRESS, cells[i]);
        if (hold < 10u) {
            gtu_tick(g, hold);
            t += hold;
            gtu_ev(g, KEY_EV_RELEASE, cells[i]);
        }
    }
    if (hold >= 10u) {
        gtu_tick(g, hold);
        for (uint8_t i = 0; i < n; i++) {
            gtu_ev(g, KEY_EV_RELEASE, cells[i]);
        }
    }
}

/* A palm: three keys down within 50 ms; two keys, or three over 51 ms, are not. */
static void test_palm(void **state)
{
    static const uint8_t cells[3] = {0, 1, 3};
    static const uint16_t in50[3] = {0, 20, 50}, over[3] = {0, 20, 51};
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_clear();
    keys_down(&g, in50, cells, 2, 300);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    gtu_tick(&g, 2000);
    keys_down(&g, over, cells, 3, 300);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    gtu_tick(&g, 2000);
    keys_down(&g, in50, cells, 3, 300);
    assert_int_equal(game_state(&g), GAME_ST_TODDLER);
    assert_int_equal(gtu_last_report(GAME_REP_TOY)->value, 1);
}

/* A burst: six presses within 1 s (a tap each); five, or six over 1001 ms, are not. */
static void test_burst(void **state)
{
    static const uint8_t cells[6] = {8, 8, 8, 8, 8, 8};
    static const uint16_t fast[6] = {0, 200, 400, 600, 800, 1000};
    static const uint16_t slow[6] = {0, 200, 400, 600, 800, 1001};
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_clear();
    keys_down(&g, fast, cells, 5, 5); /* (a move, then four taps on its mark) */
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    gtu_tick(&g, 2000);
    keys_down(&g, slow, cells, 6, 5);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    gtu_tick(&g, 2000);
    keys_down(&g, fast, cells, 6, 5);
    assert_int_equal(game_state(&g), GAME_ST_TODDLER);
}

/* A burst of ten taps in 300 ms mid-game against the AI. */
static void into_toy(game_t *g)
{
    gtu_start(g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(g, 0);
    gtu_tick(g, 1000);
    gtu_clear();
    for (uint8_t i = 0; i < 10u; i++) {
        gtu_ev(g, KEY_EV_PRESS, (uint8_t)(2u + i % 2u));
        gtu_tick(g, 15);
        gtu_ev(g, KEY_EV_RELEASE, (uint8_t)(2u + i % 2u));
        gtu_tick(g, 15);
    }
    assert_int_equal(game_state(g), GAME_ST_TODDLER);
}

/* The toy: nothing counted, saved or set; no move, no menu (a lean on the centre), no
 * hint; the AI waits; each key down lights its cell and sounds; at rest the corners. */
static void test_toy_is_harmless(void **state)
{
    game_t g;
    pos_t p;
    (void)state;
    into_toy(&g);
    assert_int_equal(gtu_marks(&g), 3); /* x, o, and the burst's first tap: the AI waits */
    p = game_pos(&g);
    gtu_take_save(&g);
    gtu_clear();
    gtu_ev(&g, KEY_EV_PRESS, 4);
    assert_int_equal(game_take_sound(&g), SOUNDS_toy);
    assert_int_not_equal(gtu_cell(&g, 4), LED_OFF);
    gtu_tick(&g, 5000); /* a lean on the centre: no menu */
    gtu_ev(&g, KEY_EV_RELEASE, 4);
    for (uint8_t c = 0; c < 9; c++) {
        gtu_tap(&g, c);
        gtu_tick(&g, 100);
        gtu_long(&g, c);
    }
    gtu_tick(&g, 10000);
    assert_int_equal(game_state(&g), GAME_ST_TODDLER);
    gtu_assert_pos(&g, p);
    assert_int_equal(gtu_take_save(&g), 0);
    assert_int_equal(gtu_reports_of(GAME_REP_MOVE) + gtu_reports_of(GAME_REP_AI_MOVE) +
                         gtu_reports_of(GAME_REP_MENU) + gtu_reports_of(GAME_REP_HINT) +
                         gtu_reports_of(GAME_REP_RESULT),
                     0);
    for (uint8_t c = 0; c < 9; c++) { /* at rest: the corners dim yellow, the rest dark */
        uint8_t corner = c == 0 || c == 2 || c == 6 || c == 8;
        assert_int_equal(gtu_cell(&g, c), corner ? (LED_YELLOW | LED_DIM) : LED_OFF);
    }
}

/* A calm tap (begun 1 s after the last key) ends the toy with a new game, the one it
 * interrupted not counted; a tap begun at 999 ms does not. */
static void test_calm_tap(void **state)
{
    game_t g;
    (void)state;
    into_toy(&g); /* its last key came up 15 ms ago */
    gtu_tick(&g, 999u - 15u);
    gtu_tap(&g, 8);
    assert_int_equal(game_state(&g), GAME_ST_TODDLER);
    gtu_tick(&g, 1000u - 1u); /* (the tap ended with 1 ms) */
    gtu_tap(&g, 8);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    assert_int_equal(gtu_last_report(GAME_REP_TOY)->value, 0);
    assert_int_equal(gtu_marks(&g), 0);
    for (uint8_t t = 0; t < STATS_TABLES; t++) {
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            assert_int_equal(game_stats(&g)->games[RULE_NORMAL][t][k], 0); /* not even abandoned */
        }
    }
    gtu_tick(&g, 1000);
    gtu_clear();
    gtu_tap(&g, 4); /* and the next tap is a move */
    assert_int_equal(gtu_reports_of(GAME_REP_MOVE), 1);
}

/* A palm in the menu closes it, unchanged; none during the greeting or the result. */
static void test_toy_from_menu_not_result(void **state)
{
    static const uint8_t cells[3] = {0, 1, 3};
    static const uint16_t at[3] = {0, 5, 10};
    game_t g;
    settings_t before;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    before = *game_settings(&g);
    gtu_open(&g);
    gtu_pause(&g);
    keys_down(&g, at, cells, 3, 300);
    assert_int_equal(game_state(&g), GAME_ST_TODDLER);
    assert_memory_equal(&before, game_settings(&g), sizeof before);
    assert_int_equal(gtu_last_report(GAME_REP_MENU)->value, GAME_MENU_REP_CLOSED);
    x_about_to_win(&g);
    gtu_tap(&g, 2);
    keys_down(&g, at, cells, 3, 300);
    assert_int_equal(game_state(&g), GAME_ST_RESULT);
}

/* Time runs until the AI has answered the person's move (or 1 s). */
static void ai_reply(game_t *g)
{
    uint8_t marks = gtu_marks(g);
    for (uint32_t t = 0; t < 1000u && gtu_marks(g) == marks && !game_over(g); t++) {
        gtu_tick(g, 1);
    }
}

/* Against the AI as x: x 1, x 9 (a draw still), then a move that loses: after the
 * result, where it went wrong says x's move that lost and a move that would have held. */
static void test_replay_after_loss(void **state)
{
    game_t g;
    const game_report_t *r;
    pos_t before;
    uint8_t lose = 0xFF;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(&g, 0); /* the AI takes the centre */
    gtu_tick(&g, 1000);
    gtu_tap(&g, 8);
    gtu_tick(&g, 1000);
    before = game_pos(&g);
    assert_int_equal(engine_outcome(before).result, ENGINE_DRAW);
    for (uint8_t c = 0; c < 9 && lose == 0xFF; c++) { /* an x move that loses now */
        if ((pos_empty(before) >> c & 1u) &&
            engine_outcome(pos_play(before, c)).result == ENGINE_WIN) {
            lose = c;
        }
    }
    assert_int_not_equal(lose, 0xFF);
    gtu_tap(&g, lose);
    for (ai_reply(&g); !game_over(&g); ai_reply(&g)) {
        gtu_tick(&g, 1000);
        gtu_tap(&g, pos_first_cell(pos_empty(game_pos(&g))));
    }
    assert_int_equal(game_winner(&g), PLAYER_O);
    gtu_clear();
    gtu_tick(&g, 1999);
    assert_int_equal(game_state(&g), GAME_ST_RESULT);
    gtu_tick(&g, 1);
    assert_int_equal(game_state(&g), GAME_ST_REPLAY);
    r = gtu_last_report(GAME_REP_REPLAY);
    assert_non_null(r);
    assert_int_equal(r->player, PLAYER_X);
    assert_int_equal(r->cell, lose);
    assert_int_equal(r->level, 0); /* it held a draw */
    assert_true((pos_empty(before) >> r->value) & 1u);
    assert_int_not_equal(engine_outcome(pos_play(before, r->value)).result, ENGINE_WIN);
}

/* A game's moves as the reports said them, the person as x tapping `first`, then the
 * lowest free cell, to the end (the AI wins: the lowest cell loses). */
static uint8_t play_losing(game_t *g, uint8_t first, uint8_t *moves)
{
    uint8_t n = 0;
    gtu_start(g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(g, first);
    while (1) {
        moves[n++] = gtu_last_report(GAME_REP_MOVE)->cell;
        if (game_over(g)) {
            break;
        }
        ai_reply(g);
        moves[n++] = gtu_last_report(GAME_REP_AI_MOVE)->cell;
        if (game_over(g)) {
            break;
        }
        gtu_tick(g, 1000);
        gtu_tap(g, pos_first_cell(pos_empty(game_pos(g))));
    }
    return n;
}

/* The cells of the first `plies` moves: x red, o green, the rest dark; `blink` blinking,
 * `yellow` yellow. */
static void assert_replayed(const game_t *g, const uint8_t *moves, uint8_t plies,
                            uint16_t blink, uint16_t yellow)
{
    for (uint8_t c = 0; c < 9; c++) {
        uint8_t want = LED_OFF;
        for (uint8_t i = 0; i < plies; i++) {
            want = moves[i] == c ? (i % 2u ? LED_GREEN : LED_RED) : want;
        }
        want = (yellow >> c & 1u) ? LED_YELLOW : (uint8_t)(want | ((blink >> c & 1u) ? LED_BLINK : 0u));
        assert_int_equal(gtu_cell(g, c), want);
    }
}

/* The replay's pictures: the moves one by one every 0.5 s up to the one that lost, that
 * one blinking 1.5 s, then the board before it with the move that would have held in
 * yellow for 2 s, then the board as the game ended; a press ends it (and only ends it). */
static void test_replay_pictures(void **state)
{
    game_t g, h;
    uint8_t moves[9], n, ply = 0;
    const game_report_t *r;
    (void)state;
    n = play_losing(&g, 1, moves);
    assert_int_equal(game_winner(&g), PLAYER_O);
    gtu_tick(&g, 2000);
    r = gtu_last_report(GAME_REP_REPLAY);
    assert_non_null(r);
    while (ply < n && moves[ply] != r->cell) {
        ply++;
    }
    assert_true(ply % 2u == 0u && ply < n); /* one of x's */
    h = g; /* a press ends it */
    gtu_tap(&h, 4);
    assert_int_equal(game_state(&h), GAME_ST_BOARD);
    assert_true(game_over(&h));
    for (uint8_t k = 0; k <= ply; k++) {
        gtu_tick(&g, 10);
        assert_replayed(&g, moves, (uint8_t)(k + 1u), 0, 0);
        gtu_tick(&g, 490);
    }
    gtu_tick(&g, 10);
    assert_replayed(&g, moves, (uint8_t)(ply + 1u), 1u << r->cell, 0);
    gtu_tick(&g, 1500);
    assert_replayed(&g, moves, ply, 0, 1u << r->value);
    gtu_tick(&g, 1980); /* 10 ms before its end */
    assert_int_equal(game_state(&g), GAME_ST_REPLAY);
    gtu_tick(&g, 10);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    assert_int_equal(gtu_marks(&g), n); /* the game as it ended */
}

/* At game over a long press shows the statistics, said; before the first move a long
 * press on an empty cell is a hint. */
static void test_long_press_statistics_and_hint(void **state)
{
    game_t g;
    (void)state;
    x_about_to_win(&g);
    gtu_tap(&g, 2);
    gtu_settle(&g);
    gtu_long(&g, 7);
    assert_int_equal(game_state(&g), GAME_ST_STATS_RESULTS);
    assert_int_equal(gtu_last_report(GAME_REP_STATS)->mode, GAME_MODE_2P);
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_clear();
    gtu_long(&g, 0);
    assert_int_equal(gtu_reports_of(GAME_REP_HINT), 1);
    assert_int_equal(game_state(&g), GAME_ST_HINT);
}

/* Mid-game a double tap on the centre's mark opens the menu (its first tap is a taken
 * cell's blink); slower, it does not. */
static void test_double_tap_opens(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(&g, 4);
    gtu_tick(&g, 1000);
    gtu_tap(&g, 4);
    gtu_tick(&g, 600);
    gtu_tap(&g, 4); /* 600 ms after: not a double tap */
    assert_false(game_menu_open(&g));
    gtu_tick(&g, 1000);
    gtu_tap(&g, 4);
    gtu_tick(&g, 200);
    gtu_tap(&g, 4);
    assert_true(game_menu_open(&g));
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1); /* an empty centre: a move */
    gtu_tap(&g, 4);
    gtu_tick(&g, 100);
    gtu_tap(&g, 4);
    assert_false(game_menu_open(&g));
}

/* In the menu a press within 600 ms of the last release is hurried: on the chosen cell
 * nothing, elsewhere the menu closes; unhurried it chooses, then picks. */
static void test_menu_unhurried(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_open(&g); /* (its release, then 1 ms) */
    gtu_tick(&g, 598);
    gtu_tap(&g, 5);
    assert_false(game_menu_open(&g)); /* hurried: closed */
    gtu_open(&g);
    gtu_tick(&g, 599);
    gtu_tap(&g, 5);
    assert_int_equal(game_state(&g), GAME_ST_MENU_CHOSEN);
    gtu_tick(&g, 100);
    gtu_tap(&g, 5); /* a double tap's second: nothing */
    assert_int_equal(game_settings(&g)->sound, SOUNDS_ON);
    assert_int_equal(game_state(&g), GAME_ST_MENU_CHOSEN);
    gtu_tick(&g, 600);
    gtu_tap(&g, 5);
    assert_int_equal(game_settings(&g)->sound, SOUNDS_QUIET_ONLY);
}

/* The preview: a long press on the chosen cell shows on the other eight the value its
 * release will set (sound on full: quiet, dimmed); released, that is the value. */
static void test_menu_preview(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_open(&g);
    gtu_pause(&g);
    gtu_tap(&g, 5);
    assert_int_equal(gtu_cell(&g, 0), LED_YELLOW); /* sound on */
    gtu_pause(&g);
    gtu_ev(&g, KEY_EV_PRESS, 5);
    gtu_tick(&g, 799);
    assert_int_equal(gtu_cell(&g, 0), LED_YELLOW);
    gtu_tick(&g, 1);
    assert_int_equal(gtu_cell(&g, 0), LED_YELLOW | LED_DIM); /* quiet, to come */
    assert_int_equal(game_settings(&g)->sound, SOUNDS_ON);
    gtu_ev(&g, KEY_EV_RELEASE, 5);
    assert_int_equal(game_settings(&g)->sound, SOUNDS_QUIET_ONLY);
    assert_int_equal(gtu_cell(&g, 0), LED_YELLOW | LED_DIM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_result_stays),
        cmocka_unit_test(test_result_two_seconds),
        cmocka_unit_test(test_palm),
        cmocka_unit_test(test_burst),
        cmocka_unit_test(test_toy_is_harmless),
        cmocka_unit_test(test_calm_tap),
        cmocka_unit_test(test_toy_from_menu_not_result),
        cmocka_unit_test(test_replay_after_loss),
        cmocka_unit_test(test_replay_pictures),
        cmocka_unit_test(test_long_press_statistics_and_hint),
        cmocka_unit_test(test_double_tap_opens),
        cmocka_unit_test(test_menu_unhurried),
        cmocka_unit_test(test_menu_preview),
    };
    return cmocka_run_group_tests_name("game_people", tests, setup, NULL);
}
