/* tests/game/test_game_edges.c - game behaviour the mutation run (tests/mutants) found
 * unchecked by a host test: a press held just short of the long press and of the menu's
 * hold, and at them (timing.h's GAME_LONG_MS and GAME_MENU_HOLD_MS, the numbers the
 * documents quote through build/gen/timings.json), `stats clear` clearing every mode
 * whichever is current, and the display of a win: exactly
 * the winning line blinks, in the winner's color, for each of the 8 lines and both
 * players. */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "engine.h"
#include "play.h"
#include "game_test_util.h"
#include "level.h"

/* The centre held `ms` alone mid-game (two players, x on cell 1), then released: a move
 * (0), a long press (1: a hint) or the menu's hold (2: the menu opens). */
static int press_after(uint32_t ms)
{
    game_t g;
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_tap(&g, 0);
    gtu_clear();
    gtu_ev(&g, KEY_EV_PRESS, 4);
    gtu_tick(&g, ms);
    /* armed: the centre yellow; the menu: the centre dim (its close cell) */
    uint8_t armed = gtu_cell(&g, 4) == LED_YELLOW, menu_shown = gtu_cell(&g, 4) != LED_YELLOW &&
                                                               gtu_cell(&g, 4) != LED_OFF;
    gtu_ev(&g, KEY_EV_RELEASE, 4);
    gtu_tick(&g, 1);
    int is_menu = gtu_reports_of(GAME_REP_MENU) == 1;
    int is_long = gtu_reports_of(GAME_REP_HINT) == 1;
    int is_move = gtu_reports_of(GAME_REP_MOVE) == 1;
    assert_int_equal(is_long + is_move + is_menu, 1); /* exactly one of them */
    assert_int_equal(armed, is_long);  /* the armed (yellow) cell says which */
    assert_int_equal(menu_shown, is_menu); /* held long enough, the menu shows */
    return is_menu ? 2 : is_long;
}

/* The centre held: from 0.4 s the ring around it fills clockwise from cell 1, a cell
 * every 0.2 s (yellow over the board: cell 1's x too), the last at 1.8 s; the menu at 2 s
 * (literals: the manual's figures). */
static void test_ring_fills(void **state)
{
    static const uint8_t ring[8] = {0, 1, 2, 5, 8, 7, 6, 3};
    game_t g;
    (void)state;
    play_init();
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_tap(&g, 0);
    gtu_tick(&g, 1000);
    gtu_ev(&g, KEY_EV_PRESS, 4);
    gtu_tick(&g, 399);
    assert_int_equal(gtu_cell(&g, 0), LED_RED);
    assert_int_equal(gtu_cell(&g, 4), LED_OFF);
    for (uint8_t n = 1; n <= 8; n++) {
        gtu_tick(&g, 1);
        for (uint8_t i = 0; i < 8; i++) {
            assert_int_equal(gtu_cell(&g, ring[i]), i < n ? LED_YELLOW : LED_OFF + (i == 0 ? LED_RED : 0));
        }
        gtu_tick(&g, 199);
    }
    gtu_tick(&g, 1);
    assert_int_equal(gtu_cell(&g, 4), LED_YELLOW | LED_DIM); /* 2 s: the menu */
    gtu_ev(&g, KEY_EV_RELEASE, 4);
    assert_true(game_menu_open(&g));
}

static void test_long_press_and_menu_hold_times(void **state)
{
    (void)state;
    play_init();
    assert_int_equal(press_after(60), 0);
    assert_int_equal(press_after(GAME_LONG_MS - 1u), 0);
    assert_int_equal(press_after(GAME_LONG_MS), 1);
    assert_int_equal(press_after(GAME_MENU_HOLD_MS - 1u), 1);
    assert_int_equal(press_after(GAME_MENU_HOLD_MS), 2);
    assert_int_equal(press_after(GAME_STUCK_MS - 100u), 2);
}

/* `stats clear` (the console's and the game's) empties every mode's counters. */
static void test_stats_clear_every_mode(void **state)
{
    (void)state;
    play_init();
    for (uint8_t current = 0; current < GAME_MODES; current++) {
        game_t g;
        gtu_start(&g, current, LEVEL_PERFECT, 1);
        for (uint8_t t = 0; t < STATS_TABLES; t++) {
            for (uint8_t k = 0; k < STATS_KINDS; k++) {
                gtu_stats(&g)->games[RULE_NORMAL][t][k] = (uint16_t)(1u + t * STATS_KINDS + k);
            }
        }
        gtu_stats(&g)->before = 1;
        gtu_stats(&g)->old[1][2] = 5;
        gtu_stats(&g)->games[RULE_FADING][6][3] = 7; /* fading's, two players' abandoned */
        gtu_take_save(&g);
        game_stats_clear(&g);
        for (uint8_t rule = 0; rule < RULE_COUNT; rule++) {
            for (uint8_t t = 0; t < STATS_TABLES; t++) {
                for (uint8_t k = 0; k < STATS_KINDS; k++) {
                    assert_int_equal(game_stats(&g)->games[rule][t][k], 0);
                }
            }
        }
        assert_int_equal(game_stats(&g)->before, 0); /* the games before levels go too */
        assert_int_equal(game_stats(&g)->old[1][2], 0);
        assert_true(stats_valid(game_stats(&g)));
        assert_int_equal(gtu_take_save(&g), STATS_SAVE_ALL); /* every game's record */
    }
}

static const uint16_t lines[8] = {0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124, 0x111, 0x054};

static uint8_t nth_cell(uint16_t mask, uint8_t n)
{
    for (uint8_t c = 0; c < 9; c++) {
        if ((mask >> c) & 1u) {
            if (n-- == 0) {
                return c;
            }
        }
    }
    return 9;
}

/* Three cells outside `line` that make no line themselves (the loser's marks). */
static uint16_t loser_cells(uint16_t line, uint8_t n)
{
    uint16_t out = (uint16_t)(0x1FFu & ~line);
    for (uint8_t a = 0; a < 6; a++) {
        for (uint8_t b = (uint8_t)(a + 1); b < 6; b++) {
            for (uint8_t c = (uint8_t)(b + 1); c < 6; c++) {
                uint16_t m = (uint16_t)((1u << nth_cell(out, a)) | (1u << nth_cell(out, b)) |
                                        (n == 3 ? 1u << nth_cell(out, c) : 0u));
                if (!pos_lines(m)) {
                    return m;
                }
            }
        }
    }
    return 0;
}

/* Two players; `winner` completes `line`: after the last move, the line's cells blink
 * in the winner's color, every other mark is steady in its own, empty cells are dark. */
static void win_display(uint16_t line, uint8_t winner)
{
    game_t g;
    uint16_t other = loser_cells(line, winner == PLAYER_X ? 2 : 3);
    assert_int_not_equal(other, 0);
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    for (uint8_t i = 0; i < 3; i++) {
        if (winner == PLAYER_O) {
            gtu_tap(&g, nth_cell(other, i));
            gtu_tick(&g, 250); /* two people: no toddler's burst */
        }
        gtu_tap(&g, nth_cell(line, i));
        gtu_tick(&g, 250);
        if (winner == PLAYER_X && i < 2) {
            gtu_tap(&g, nth_cell(other, i));
            gtu_tick(&g, 250);
        }
    }
    assert_int_equal(game_over(&g), 1);
    assert_int_equal(game_winner(&g), winner);
    uint8_t mine = winner == PLAYER_X ? LED_RED : LED_GREEN;
    uint8_t theirs = winner == PLAYER_X ? LED_GREEN : LED_RED;
    for (uint8_t c = 0; c < 9; c++) {
        uint8_t want = ((line >> c) & 1u)    ? (uint8_t)(mine | LED_BLINK)
                       : ((other >> c) & 1u) ? theirs
                                             : LED_OFF;
        if (gtu_cell(&g, c) != want) {
            print_error("line 0x%03x won by %s: cell %u shows %u, want %u\n", line,
                        winner == PLAYER_X ? "x" : "o", c + 1u, gtu_cell(&g, c), want);
        }
        assert_int_equal(gtu_cell(&g, c), want);
    }
    /* it stays so until the next press */
    gtu_tick(&g, 5000);
    assert_int_equal(gtu_cell(&g, nth_cell(line, 0)), (uint8_t)(mine | LED_BLINK));
}

static void test_win_line_display(void **state)
{
    (void)state;
    play_init();
    for (uint8_t i = 0; i < 8; i++) {
        win_display(lines[i], PLAYER_X);
        win_display(lines[i], PLAYER_O);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long_press_and_menu_hold_times),
        cmocka_unit_test(test_ring_fills),
        cmocka_unit_test(test_stats_clear_every_mode),
        cmocka_unit_test(test_win_line_display),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
