/* tests/game/test_game.c - the game state machine driven by key events and time:
 * greeting, menu, moves, AI timing, hints, analysis, game over, every human strategy
 * against the perfect AI (as x and as o), easier levels. (The fuzz of keys, time and
 * console lines that must leave the game consistent: tests/console/test_console.c.) */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "engine.h"
#include "fade.h"
#include "play.h"
#include "game_test_util.h"
#include "level.h"

static void frame_of(const game_t *g, uint8_t f[9])
{
    for (uint8_t c = 0; c < 9; c++) {
        f[c] = gtu_cell(g, c);
    }
}

static int setup(void **state)
{
    (void)state;
    play_init();
    return 0;
}

static void test_boot_banner_and_greeting(void **state)
{
    game_t g;
    settings_t s;
    stats_t st;
    uint8_t f[9];
    (void)state;
    stats_settings_default(&s);
    stats_clear(&st);
    gtu_capture_start();
    game_load(&g, &s, &st);
    gtu_init(&g, 1);
    assert_int_equal(gtu_reports(), 1);
    assert_int_equal(gtu_last_report(GAME_REP_NEW)->mode, GAME_MODE_AI_X);
    assert_int_equal(gtu_last_report(GAME_REP_NEW)->level, LEVEL_PERFECT);
    /* The greeting lights something in its first 720 ms, then the board is dark. */
    frame_of(&g, f);
    assert_int_equal(f[0], LED_YELLOW);
    gtu_tick(&g, 400);
    frame_of(&g, f);
    assert_int_equal(f[5], LED_YELLOW);
    assert_int_equal(f[4], LED_GREEN);
    assert_int_equal(f[3], LED_RED);
    gtu_tick(&g, GAME_BOOT_MS - 400);
    frame_of(&g, f);
    for (int c = 0; c < 9; c++) {
        assert_int_equal(f[c], LED_OFF);
    }
    /* Keys during the greeting are ignored. */
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    game_load(&g, &s, &st);
    gtu_init(&g, 1);
    gtu_tap(&g, 4);
    assert_int_equal(gtu_marks(&g), 0);
}

static void test_init_repairs_the_record(void **state)
{
    game_t g;
    settings_t s;
    stats_t st;
    (void)state;
    stats_settings_default(&s);
    stats_clear(&st);
    gtu_capture_start();
    /* Out-of-range settings and stats given to init fall back to defaults. */
    s.mode = 7;
    st.games[RULE_NORMAL][1][2] = 65535;
    game_load(&g, &s, &st);
    gtu_init(&g, 1);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_AI_X);
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][1][2], 0);
}

static void test_move_and_ai_timing(void **state)
{
    game_t g;
    uint8_t f[9];
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_clear();
    gtu_ev(&g, KEY_EV_PRESS, 4);
    gtu_tick(&g, 50);
    assert_int_equal(gtu_marks(&g), 0); /* acted on at release */
    gtu_ev(&g, KEY_EV_RELEASE, 4);
    assert_int_equal(game_pos(&g).x, 1u << 4);
    assert_int_equal(gtu_reports(), 1);
    assert_int_equal(gtu_last_report(GAME_REP_MOVE)->cell, 4);
    assert_int_equal(gtu_last_report(GAME_REP_MOVE)->player, PLAYER_X);
    frame_of(&g, f);
    assert_int_equal(f[4], LED_RED);
    gtu_tick(&g, GAME_AI_DELAY_MS - 1);
    assert_int_equal(game_pos(&g).o, 0);
    gtu_tick(&g, 1);
    assert_int_equal(pos_count(game_pos(&g).o), 1);
    assert_int_equal(game_pos(&g).o, 1u << engine_move((pos_t){1u << 4, 0}));
    assert_int_equal(gtu_reports_of(GAME_REP_AI_MOVE), 1);
    assert_int_equal(1u << gtu_last_report(GAME_REP_AI_MOVE)->cell, game_pos(&g).o);
    assert_int_equal(gtu_last_report(GAME_REP_AI_MOVE)->player, PLAYER_O);
    frame_of(&g, f);
    {
        uint8_t ai = pos_first_cell(game_pos(&g).o);
        assert_int_equal(f[ai], LED_GREEN | LED_BLINK);
        gtu_tick(&g, GAME_AI_BLINK_MS);
        frame_of(&g, f);
        assert_int_equal(f[ai], LED_GREEN);
    }
}

static void test_ai_opens_as_x(void **state)
{
    game_t g;
    settings_t s;
    stats_t st;
    (void)state;
    stats_settings_default(&s);
    s.mode = GAME_MODE_AI_O;
    stats_clear(&st);
    gtu_capture_start();
    game_load(&g, &s, &st);
    gtu_init(&g, 1);
    gtu_tick(&g, GAME_BOOT_MS + GAME_AI_DELAY_MS - 1);
    assert_int_equal(gtu_marks(&g), 0);
    gtu_tick(&g, 1);
    assert_int_equal(pos_count(game_pos(&g).x), 1);
    /* Before the person's first move too, a long press on the AI's opening is the
     * analysis, on an empty cell a hint; the menu's hold opens the menu. */
    gtu_clear();
    gtu_long(&g, pos_first_cell(game_pos(&g).x));
    assert_int_equal(gtu_reports_of(GAME_REP_ANALYSIS), 1);
    gtu_tick(&g, GAME_ANALYSIS_MS);
    gtu_long(&g, pos_first_cell(pos_empty(game_pos(&g))));
    assert_int_equal(gtu_reports_of(GAME_REP_HINT), 1);
    gtu_tick(&g, GAME_HINT_MS);
    assert_false(game_menu_open(&g));
    gtu_open(&g);
    assert_true(game_menu_open(&g));
    gtu_pause(&g);
    gtu_tap(&g, 0); /* you play x: chosen, then a long press picks it; a new game */
    gtu_pause(&g);
    gtu_long(&g, 0);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_AI_X);
    assert_int_equal(gtu_marks(&g), 0);
    /* The menu's you-O pick on the empty board of a game as x: new game as o, AI opens. */
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_menu(&g, GTU_MENU_MODEAI_O);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_AI_O);
    assert_int_equal(gtu_take_save(&g), 1);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_int_equal(pos_count(game_pos(&g).x), 1);
    /* Once the person has played, a long press is a hint or the analysis again. */
    gtu_tap(&g, pos_first_cell(pos_empty(game_pos(&g))));
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_clear();
    gtu_long(&g, pos_first_cell(game_pos(&g).x));
    assert_false(game_menu_open(&g));
    assert_int_equal(gtu_reports_of(GAME_REP_ANALYSIS), 1);
}

/* Person's strategies: every sequence of legal moves, depth first. */
static unsigned long strat_games, strat_draws, strat_ai_wins;

static void explore(const game_t *g, uint8_t person)
{
    uint16_t empty = pos_empty(game_pos(g));
    for (uint8_t c = 0; c < 9; c++) {
        game_t h;
        if (!(empty & (1u << c))) {
            continue;
        }
        h = *g;
        gtu_clear();
        gtu_tap(&h, c);
        assert_true(((person == PLAYER_X ? game_pos(&h).x : game_pos(&h).o) >> c) & 1u);
        if (!game_over(&h)) {
            gtu_tick(&h, GAME_AI_DELAY_MS);
            assert_int_equal(gtu_marks(&h), gtu_marks(g) + 2);
            assert_true(pos_is_legal(game_pos(&h)));
        }
        if (game_over(&h)) {
            strat_games++;
            assert_int_not_equal(game_winner(&h), person);
            assert_int_equal(gtu_reports_of(GAME_REP_RESULT), 1);
            assert_int_equal(gtu_last_report(GAME_REP_RESULT)->player, game_winner(&h));
            if (game_winner(&h) == PLAYER_NONE) {
                strat_draws++;
            } else {
                strat_ai_wins++;
            }
            assert_int_equal(game_stats(&h)->games[RULE_NORMAL][stats_table(game_settings(&h)->mode, game_level(&h))][STATS_WIN], 0);
            continue;
        }
        explore(&h, person);
    }
}

static void test_every_strategy_as_x(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    strat_games = strat_draws = strat_ai_wins = 0;
    explore(&g, PLAYER_X);
    print_message("person as x: %lu games, %lu draws, %lu ai wins, 0 person wins\n",
                  strat_games, strat_draws, strat_ai_wins);
    assert_true(strat_games > 100);
    assert_true(strat_draws > 0 && strat_ai_wins > 0);
}

static void test_every_strategy_as_o(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_O, LEVEL_PERFECT, 1);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_int_equal(pos_count(game_pos(&g).x), 1);
    strat_games = strat_draws = strat_ai_wins = 0;
    explore(&g, PLAYER_O);
    print_message("person as o: %lu games, %lu draws, %lu ai wins, 0 person wins\n",
                  strat_games, strat_draws, strat_ai_wins);
    assert_true(strat_games > 50);
    assert_true(strat_draws > 0 && strat_ai_wins > 0);
}

/* Plays 200 games with a person choosing random cells; returns how many AI moves were
 * not perfect moves (engine_best_cells()), writes the number of AI decisions with a
 * choice and the number of distinct games. */
static unsigned play_random_games(uint8_t level, uint16_t seed, unsigned *choices,
                                  unsigned *person_wins, char *transcript, size_t cap)
{
    game_t g;
    unsigned deviations = 0;
    uint32_t r = 12345;
    *choices = 0;
    *person_wins = 0;
    gtu_start(&g, GAME_MODE_AI_X, level, seed);
    if (transcript) {
        transcript[0] = '\0';
    }
    for (int game = 0; game < 200; game++) {
        while (!game_over(&g)) {
            uint16_t empty = pos_empty(game_pos(&g));
            uint8_t c;
            pos_t before;
            do {
                r = r * 1103515245u + 12345u;
                c = (uint8_t)((r >> 16) % 9u);
            } while (!(empty & (1u << c)));
            gtu_tap(&g, c);
            if (game_over(&g)) {
                break;
            }
            before = game_pos(&g);
            gtu_tick(&g, GAME_AI_DELAY_MS);
            assert_true(pos_is_legal(game_pos(&g)));
            assert_int_equal(pos_count(game_pos(&g).o), pos_count(before.o) + 1);
            if (pos_count(pos_empty(before)) >= 2) {
                (*choices)++;
                if (!(engine_best_cells(before) & (game_pos(&g).o ^ before.o))) {
                    deviations++;
                }
            }
        }
        if (game_winner(&g) == PLAYER_X) {
            (*person_wins)++;
        }
        if (transcript && strlen(transcript) + 8 < cap) {
            /* the game as its final position */
            sprintf(transcript + strlen(transcript), "%03x%03x;", game_pos(&g).x, game_pos(&g).o);
        }
        gtu_clear();
        gtu_settle(&g);
        gtu_tap(&g, 0); /* next game */
        assert_int_equal(gtu_marks(&g), 0);
    }
    return deviations;
}

static void test_levels(void **state)
{
    unsigned choices, wins, dev;
    static char t1[1 << 15], t2[1 << 15], t3[1 << 15];
    (void)state;
    dev = play_random_games(LEVEL_PERFECT, 7, &choices, &wins, t1, sizeof t1);
    assert_int_equal(dev, 0);
    assert_int_equal(wins, 0);
    play_random_games(LEVEL_PERFECT, 8, &choices, &wins, t3, sizeof t3);
    assert_string_not_equal(t1, t3); /* perfect, and not always the same reply */
    dev = play_random_games(LEVEL_MEDIUM, 7, &choices, &wins, t1, sizeof t1);
    print_message("medium: %u of %u AI moves not perfect, person won %u of 200\n", dev,
                  choices, wins);
    assert_true(dev * 100u > choices * 5u && dev * 100u < choices * 30u);
    /* Same seed, same inputs: the same games. Another seed: other games. */
    play_random_games(LEVEL_MEDIUM, 7, &choices, &wins, t2, sizeof t2);
    assert_string_equal(t1, t2);
    play_random_games(LEVEL_MEDIUM, 8, &choices, &wins, t3, sizeof t3);
    assert_string_not_equal(t1, t3);
    dev = play_random_games(LEVEL_EASY, 7, &choices, &wins, NULL, 0);
    print_message("easy: %u of %u AI moves not perfect, person won %u of 200\n", dev,
                  choices, wins);
    assert_true(dev * 100u > choices * 15u && dev * 100u < choices * 50u);
    assert_true(wins > 20);
}

/* The AI's reply depends on when the person pressed: the same tap on the centre, one
 * millisecond later each time, gets every corner (all four draw in 9 plies). */
static void test_reply_follows_the_timing(void **state)
{
    uint16_t replies = 0;
    (void)state;
    for (uint32_t wait = 0; wait < 64; wait++) {
        game_t g;
        gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1234);
        gtu_tick(&g, 500 + wait);
        gtu_tap(&g, 4);
        gtu_tick(&g, GAME_AI_DELAY_MS);
        assert_int_equal(pos_count(game_pos(&g).o), 1);
        assert_true(engine_best_cells((pos_t){1u << 4, 0}) & game_pos(&g).o);
        replies |= game_pos(&g).o;
    }
    assert_int_equal(replies, 0x145); /* cells 0, 2, 6, 8 */
}

/* A random legal unfinished position, from r. */
static pos_t random_position(uint32_t *r)
{
    for (;;) {
        pos_t p = {0, 0};
        *r = *r * 1103515245u + 12345u;
        int plies = (int)((*r >> 16) % 8u);
        for (int k = 0; k < plies && !pos_is_over(p); k++) {
            uint8_t c;
            do {
                *r = *r * 1103515245u + 12345u;
                c = (uint8_t)((*r >> 16) % 9u);
            } while (!(pos_empty(p) & (1u << c)));
            p = pos_play(p, c);
        }
        if (!pos_is_over(p)) {
            return p;
        }
    }
}

static void test_level_pick_rates(void **state)
{
    uint16_t rng = 99;
    /* per level: decisions facing one threat, blocks missed; quiet decisions, moves not perfect;
     * wins in one available, taken */
    unsigned threat[3] = {0}, missed[3] = {0}, quiet[3] = {0}, off[3] = {0};
    unsigned can_win[3] = {0}, won[3] = {0};
    uint32_t r = 1;
    (void)state;
    for (int i = 0; i < 30000; i++) {
        pos_t p = random_position(&r);
        pos_sides_t s = pos_sides(p);
        uint16_t empty = pos_empty(p);
        uint16_t wins = pos_threats(s.mine, s.theirs) & empty;
        uint16_t danger = pos_threats(s.theirs, s.mine) & empty;
        uint16_t best = engine_best_cells(p);
        for (uint8_t lv = 0; lv < 3; lv++) {
            uint8_t c = level_pick(p, lv, &rng);
            uint16_t bit = (uint16_t)(1u << c);
            assert_true(empty & bit);
            if (wins) {
                can_win[lv]++;
                won[lv] += (wins & bit) != 0;
            } else if (danger && !(danger & (danger - 1u)) && (empty & ~danger)) {
                threat[lv]++;
                missed[lv] += (danger & bit) == 0;
            } else if (!danger && (empty & (empty - 1u))) {
                quiet[lv]++;
                off[lv] += (best & bit) == 0;
            }
            if (lv == LEVEL_PERFECT) {
                assert_true(best & bit);
            }
        }
    }
    for (uint8_t lv = 0; lv < 3; lv++) {
        print_message("level %u: wins in one taken %u/%u, threats missed %u/%u, quiet moves "
                      "not perfect %u/%u\n", lv, won[lv], can_win[lv], missed[lv], threat[lv],
                      off[lv], quiet[lv]);
        assert_int_equal(won[lv], can_win[lv]);
    }
    assert_int_equal(missed[0] + off[0], 0);
    /* the odds (256ths), less the chance that a random cell is perfect anyway */
    assert_true(missed[1] * 256u > threat[1] * (LEVEL_MEDIUM_OVERLOOK_256 - 13u) &&
                missed[1] * 256u < threat[1] * (LEVEL_MEDIUM_OVERLOOK_256 + 13u));
    assert_true(missed[2] * 256u > threat[2] * (LEVEL_EASY_OVERLOOK_256 - 13u) &&
                missed[2] * 256u < threat[2] * (LEVEL_EASY_OVERLOOK_256 + 13u));
    assert_true(off[1] > 0 && off[1] * 256u < quiet[1] * LEVEL_MEDIUM_SHALLOW_256);
    assert_true(off[2] > off[1] && off[2] * 256u < quiet[2] * LEVEL_EASY_SHALLOW_256);
    /* The generator goes through all 65536 states before it repeats one (from 0 too). */
    rng = 0;
    for (uint32_t i = 1; i <= 65536u; i++) {
        (void)level_rand(&rng);
        if (rng == 0) {
            assert_int_equal(i, 65536u);
        }
    }
    assert_int_equal(rng, 0);
}

/* Every perfect move can be drawn: at perfect, level_pick() is level_nth() of
 * engine_best_cells() with one draw, the high byte of the generator's next state (all
 * 256 values over its period), and level_nth() reaches every cell of every set the
 * AI can meet, each by 256 / n draws within one. */
static void test_every_perfect_move_can_be_drawn(void **state)
{
    (void)state;
    unsigned positions = 0;
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        if (!pos_is_legal(p) || pos_is_over(p)) {
            continue;
        }
        positions++;
        uint16_t best = engine_best_cells(p), reached = 0;
        unsigned n = pos_count(best), hits[POS_CELLS] = {0};
        for (unsigned draw = 0; draw < 256u; draw++) {
            uint8_t c = level_nth(best, (uint8_t)draw);
            assert_true(best >> c & 1u);
            reached |= (uint16_t)(1u << c);
            hits[c]++;
        }
        assert_int_equal(reached, best);
        for (uint8_t c = 0; c < POS_CELLS; c++) {
            if (best >> c & 1u) {
                assert_true(hits[c] >= 256u / n && hits[c] <= 256u / n + 1u);
            }
        }
        for (uint16_t st = 0; st < 8; st++) {
            uint16_t a = (uint16_t)(st * 7919u), b = a;
            assert_int_equal(level_pick(p, LEVEL_PERFECT, &a), level_nth(best, level_rand(&b)));
            assert_int_equal(a, b);
        }
    }
    assert_int_equal(positions, 4520);
}

/* You x at perfect: you played cell 1, the AI answered 10 ms ago (its move blinking). */
static void after_first_exchange(game_t *g)
{
    gtu_start(g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(g, 0);
    gtu_tick(g, GAME_AI_DELAY_MS + 10u);
    assert_int_equal(pos_count(game_pos(g).o), 1);
}

/* During the AI's 200 ms, presses are ignored even when released after it; the cell
 * flickers yellow, dark, yellow, ... 50 ms each for 400 ms (literals: the manual's
 * figures; not the taken cell's 0.5 s blink, nor a hint, which never goes dark). */
static void test_presses_during_ai_turn_ignored(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(&g, 0);
    gtu_ev(&g, KEY_EV_PRESS, 8);
    for (uint8_t step = 0; step < 8; step++) {
        assert_int_equal(gtu_cell(&g, 8), step & 1u ? LED_OFF : LED_YELLOW);
        gtu_tick(&g, 50);
    }
    assert_int_equal(gtu_cell(&g, 8), LED_OFF); /* 400 ms: over */
    gtu_ev(&g, KEY_EV_RELEASE, 8); /* released after the AI's move */
    assert_int_equal(pos_count(game_pos(&g).x), 1);
    assert_int_equal(pos_count(game_pos(&g).o), 1);
}

/* Press on an occupied cell: the cell blinks, nothing else changes. The AI's move,
 * still blinking, is steady from then on (one blink at a time). */
static void test_press_on_taken_cell_blinks(void **state)
{
    game_t g;
    uint8_t f[9];
    pos_t p;
    (void)state;
    after_first_exchange(&g);
    p = game_pos(&g);
    frame_of(&g, f);
    assert_int_equal(f[pos_first_cell(game_pos(&g).o)], LED_GREEN | LED_BLINK);
    gtu_clear();
    gtu_tap(&g, 0);
    gtu_assert_pos(&g, p);
    assert_int_equal(gtu_reports(), 0);
    frame_of(&g, f);
    assert_int_equal(f[0], LED_RED | LED_BLINK);
    assert_int_equal(f[pos_first_cell(game_pos(&g).o)], LED_GREEN);
    gtu_tick(&g, GAME_ERROR_MS);
    frame_of(&g, f);
    assert_int_equal(f[0], LED_RED);
}

/* Two keys at once: no move, in any order of release; held past the long-press time
 * not armed, no hint, no move. */
static void test_two_keys_at_once_ignored(void **state)
{
    game_t g;
    pos_t p;
    (void)state;
    after_first_exchange(&g);
    p = game_pos(&g);
    uint8_t free1 = pos_first_cell(pos_empty(game_pos(&g)));
    uint8_t free2 = pos_first_cell((uint16_t)(pos_empty(game_pos(&g)) & ~(1u << free1)));
    gtu_ev(&g, KEY_EV_PRESS, free1);
    assert_int_equal(gtu_cell(&g, free1), LED_OFF); /* one key: not ignored */
    gtu_ev(&g, KEY_EV_PRESS, free2);
    assert_int_equal(gtu_cell(&g, free1), LED_YELLOW); /* both flicker */
    assert_int_equal(gtu_cell(&g, free2), LED_YELLOW);
    gtu_tick(&g, GAME_FLASH_STEP_MS);
    assert_int_equal(gtu_cell(&g, free1) | gtu_cell(&g, free2), LED_OFF);
    gtu_ev(&g, KEY_EV_RELEASE, free2);
    gtu_ev(&g, KEY_EV_RELEASE, free1);
    gtu_tick(&g, 300);
    gtu_assert_pos(&g, p);
    gtu_ev(&g, KEY_EV_PRESS, free1);
    gtu_ev(&g, KEY_EV_PRESS, free2);
    gtu_tick(&g, GAME_LONG_MS + 100u);
    gtu_ev(&g, KEY_EV_RELEASE, free1);
    gtu_ev(&g, KEY_EV_RELEASE, free2);
    assert_int_equal(game_state(&g), GAME_ST_BOARD); /* nothing shows over the board */
    gtu_assert_pos(&g, p);
}

/* A double PRESS of the same key without release, a stray RELEASE, events for cells
 * that do not exist: nothing happens, and input still works afterwards. */
static void test_stray_events_ignored(void **state)
{
    game_t g;
    pos_t p;
    (void)state;
    after_first_exchange(&g);
    p = game_pos(&g);
    uint8_t free1 = pos_first_cell(pos_empty(game_pos(&g)));
    uint8_t free2 = pos_first_cell((uint16_t)(pos_empty(game_pos(&g)) & ~(1u << free1)));
    gtu_ev(&g, KEY_EV_PRESS, free1);
    gtu_ev(&g, KEY_EV_PRESS, free1);
    gtu_ev(&g, KEY_EV_RELEASE, free1);
    gtu_ev(&g, KEY_EV_RELEASE, free1);
    gtu_ev(&g, KEY_EV_RELEASE, free2);
    gtu_assert_pos(&g, p);
    gtu_ev(&g, KEY_EV_PRESS, 9);
    gtu_ev(&g, KEY_EV_RELEASE, 200);
    assert_int_equal(game_held_keys(&g), 0);
    gtu_tap(&g, free1);
    assert_true(game_pos(&g).x & (1u << free1));
}

/* The menu's display: all nine yellow; `full` cells full, the rest dim; `blink` cells
 * blinking (a stepping cell at its last step: easy, off, night). */
static void check_menu_frame(const game_t *g, uint16_t full, uint16_t blink)
{
    for (uint8_t c = 0; c < 9; c++) {
        uint8_t want = (full >> c) & 1u ? LED_YELLOW : LED_YELLOW | LED_DIM;
        if ((blink >> c) & 1u) {
            want |= LED_BLINK;
        }
        assert_int_equal(gtu_cell(g, c), want);
    }
}

/* A fresh game vs the AI as x at perfect, reports cleared. */
static void menu_fresh(game_t *g)
{
    gtu_start(g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_clear();
}

/* A long press on the empty board opens the menu and changes nothing. */
static void test_menu_opens_unchanged(void **state)
{
    game_t g;
    (void)state;
    menu_fresh(&g);
    gtu_open(&g);
    assert_true(game_menu_open(&g));
    assert_int_equal(gtu_reports(), 1);
    assert_int_equal(gtu_last_report(GAME_REP_MENU)->value, 1);
    assert_int_equal(gtu_take_save(&g), 0);
    /* In force or at the first step: you x (1), perfect (4), sound on (6), the normal
     * game (7), brightness full (9); close (5) dim. */
    check_menu_frame(&g, 0x169, 0);
}

/* Two players: the AI will not answer, so an idle board says so; its empty cells pulse
 * dim yellow for 128 ms at the end of every 2048 ms without a key event. Never vs the
 * AI, never at game over. */
static void test_two_players_beat(void **state)
{
    game_t g;
    (void)state;
    for (uint8_t mode = 0; mode < GAME_MODES; mode++) {
        gtu_start(&g, mode, LEVEL_PERFECT, 1);
        gtu_tick(&g, 1000);
        gtu_tap(&g, 4);                 /* x (or o after the AI), then 1 ms */
        gtu_tick(&g, 2048u - 128u - 2u); /* 1919 ms idle */
        uint8_t empty = pos_first_cell(pos_empty(game_pos(&g)));
        assert_int_equal(gtu_cell(&g, empty), LED_OFF);
        gtu_tick(&g, 1);
        assert_int_equal(gtu_cell(&g, empty),
                         mode == GAME_MODE_2P ? (LED_YELLOW | LED_DIM) : LED_OFF);
        assert_int_equal(gtu_cell(&g, 4) & LED_DIM, 0); /* the marks stay as they are */
        gtu_tick(&g, 128u);
        assert_int_equal(gtu_cell(&g, empty), LED_OFF);
    }
}

/* Where the menu is: 20 s idle before the first move, or 3 s at game over, and the
 * centre pulses dim yellow for 256 ms every 4096 ms (over a mark, too). */
static void test_menu_hint_discoverable(void **state)
{
    static const uint8_t x_wins[5] = {0, 3, 1, 4, 2}; /* o on the centre */
    game_t g;
    (void)state;
    menu_fresh(&g);
    gtu_idle_now(&g);
    gtu_tick(&g, 20480u - 1u);
    assert_int_equal(gtu_cell(&g, 4), LED_OFF);
    gtu_tick(&g, 1);
    assert_int_equal(gtu_cell(&g, 4), LED_YELLOW | LED_DIM);
    assert_int_equal(gtu_cell(&g, 0), LED_OFF);
    gtu_tick(&g, 256u);
    assert_int_equal(gtu_cell(&g, 4), LED_OFF);
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    for (uint8_t i = 0; i < 5; i++) {
        gtu_tap(&g, x_wins[i]);
    }
    assert_true(game_over(&g));
    gtu_idle_now(&g);
    gtu_tick(&g, 4095u);
    assert_int_equal(gtu_cell(&g, 4) & LED_DIM, 0);
    gtu_tick(&g, 1);
    assert_int_equal(gtu_cell(&g, 4), LED_YELLOW | LED_DIM);
}

/* Only the centre opens the menu: any other cell held 2.1 s on the empty board reads
 * the board aloud (the menu's hold on it; a long press, a hint, ends before). */
static void test_menu_hold_only_centre(void **state)
{
    game_t g;
    (void)state;
    for (uint8_t c = 0; c < 9; c++) {
        menu_fresh(&g);
        gtu_ev(&g, KEY_EV_PRESS, c);
        gtu_tick(&g, 2100u);
        gtu_ev(&g, KEY_EV_RELEASE, c);
        gtu_tick(&g, 1);
        assert_int_equal(game_menu_open(&g), c == 4);
        assert_int_equal(game_state(&g) == GAME_ST_READ, c != 4);
        assert_int_equal(gtu_reports_of(GAME_REP_HINT), 0);
    }
}

/* What is in force shows full: the mode's cell by its own field (you o = cell 2); the
 * level on cell 4 full at perfect, dim at medium, dim and blinking at easy. */
static void test_menu_shows_mode_and_level(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_O, LEVEL_MEDIUM, 1);
    gtu_tick(&g, 1000); /* the AI opens: still before the person's first move */
    gtu_open(&g);
    assert_true(game_menu_open(&g));
    check_menu_frame(&g, 0x162, 0);
    gtu_long(&g, 4);
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_EASY, 1);
    gtu_open(&g);
    check_menu_frame(&g, 0x161, 0x008);
}

/* A long press in the menu closes it: nothing changed, the board again. */
static void test_menu_long_press_closes(void **state)
{
    game_t g;
    settings_t before;
    (void)state;
    menu_fresh(&g);
    gtu_open(&g);
    before = *game_settings(&g);
    gtu_long(&g, 2);
    assert_false(game_menu_open(&g));
    assert_int_equal(gtu_reports_of(GAME_REP_MENU), 2);
    assert_int_equal(gtu_last_report(GAME_REP_MENU)->value, 0);
    assert_memory_equal(&before, game_settings(&g), sizeof before);
    assert_int_equal(gtu_take_save(&g), 0);
    assert_int_equal(gtu_cell(&g, 2), LED_OFF);
}

/* Unhurried, a long press chooses its cell as a tap does: it never picks a cell not yet
 * chosen (the confirmation is the second press). */
static void test_menu_long_press_chooses(void **state)
{
    game_t g;
    settings_t before;
    (void)state;
    menu_fresh(&g);
    before = *game_settings(&g);
    gtu_open(&g);
    gtu_pause(&g);
    gtu_long(&g, GTU_MENU_SOUND);
    assert_int_equal(game_state(&g), GAME_ST_MENU_CHOSEN);
    assert_int_equal(gtu_last_report(GAME_REP_MENU)->value, GAME_MENU_REP_CHOSEN);
    assert_int_equal(gtu_last_report(GAME_REP_MENU)->cell, GTU_MENU_SOUND);
    assert_int_equal(gtu_reports_of(GAME_REP_SOUND), 0);
    assert_memory_equal(&before, game_settings(&g), sizeof before);
    assert_int_equal(gtu_take_save(&g), 0);
}

/* So does a lean, a key held 9.9 s (the menu waits for its release). Armed, the cell shows
 * chosen (green, blinking; the others in its look): what its release would do; held 2 s,
 * the menu shows nothing chosen again: its release closes it. */
static void test_menu_held_key_closes_on_release(void **state)
{
    game_t g;
    settings_t before;
    (void)state;
    menu_fresh(&g);
    before = *game_settings(&g);
    gtu_open(&g);
    gtu_tick(&g, GAME_MENU_MS - 100u);
    gtu_ev(&g, KEY_EV_PRESS, 5);
    gtu_tick(&g, GAME_LONG_MS);
    assert_int_equal(gtu_cell(&g, 5), LED_GREEN | LED_BLINK);
    assert_int_equal(gtu_cell(&g, 0), LED_YELLOW); /* sound on: full */
    gtu_tick(&g, 9900u - GAME_LONG_MS);
    assert_true(game_menu_open(&g));
    check_menu_frame(&g, 0x169, 0);
    gtu_ev(&g, KEY_EV_RELEASE, 5);
    assert_false(game_menu_open(&g));
    assert_memory_equal(&before, game_settings(&g), sizeof before);
}

/* And 10 s without a press (a literal: the manual's figure). */
static void test_menu_times_out(void **state)
{
    game_t g;
    settings_t before;
    (void)state;
    menu_fresh(&g);
    before = *game_settings(&g);
    gtu_open(&g);
    gtu_tick(&g, 10000u - 2u);
    assert_true(game_menu_open(&g));
    gtu_tick(&g, 1);
    assert_false(game_menu_open(&g));
    assert_int_equal(gtu_reports_of(GAME_REP_MENU), 2);
    assert_int_equal(gtu_take_save(&g), 0);
    assert_memory_equal(&before, game_settings(&g), sizeof before);
}

/* The mode cells pick the mode: a new game, confirmed yellow, the menu closed. The
 * level's steps it (perfect, medium, easy, perfect) and stays open: the game under way takes it while the
 * person has not moved in it, else only the next game. */
static void test_menu_picks_mode_steps_level(void **state)
{
    game_t g;
    (void)state;
    menu_fresh(&g);
    gtu_menu(&g, GTU_MENU_MODEAI_X); /* you x: unchanged, nothing to save */
    assert_int_equal(gtu_take_save(&g), 0);
    assert_false(game_menu_open(&g));
    assert_int_equal(gtu_cell(&g, GTU_MENU_MODEAI_X), LED_YELLOW); /* confirmation flash */
    gtu_tick(&g, GAME_CONFIRM_MS);
    assert_int_equal(gtu_cell(&g, GTU_MENU_MODEAI_X), LED_OFF);
    gtu_menu(&g, GTU_MENU_LEVEL);
    assert_true(game_menu_open(&g));
    assert_int_equal(game_settings(&g)->level, LEVEL_MEDIUM);
    assert_int_equal(game_level(&g), LEVEL_MEDIUM); /* no move yet: this game too */
    assert_int_equal(gtu_last_report(GAME_REP_LEVEL)->value, 1);
    assert_int_equal(gtu_take_save(&g), 1);
    gtu_pause(&g);
    gtu_long(&g, GTU_MENU_LEVEL); /* a long press picks too */
    assert_int_equal(game_settings(&g)->level, LEVEL_EASY);
    gtu_pause(&g);
    gtu_tap(&g, GTU_MENU_LEVEL); /* turns round */
    assert_int_equal(game_settings(&g)->level, LEVEL_PERFECT);
    gtu_pause(&g);
    gtu_tap(&g, GTU_MENU_CLOSE); /* a tap closes */
    assert_false(game_menu_open(&g));
    gtu_tap(&g, 0);
    gtu_tick(&g, 1000);
    gtu_menu(&g, GTU_MENU_LEVEL); /* mid-game: the next game's only */
    assert_int_equal(game_settings(&g)->level, LEVEL_MEDIUM);
    assert_int_equal(game_level(&g), LEVEL_PERFECT);
    assert_int_equal(gtu_last_report(GAME_REP_LEVEL)->value, 0);
    gtu_tap(&g, GTU_MENU_CLOSE);
    gtu_menu(&g, GTU_MENU_MODE2P);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_2P);
    assert_int_equal(gtu_reports_of(GAME_REP_LEVEL), 4);
    assert_int_equal(gtu_reports_of(GAME_REP_NEW), 2); /* the picks 1 and 3 */
    assert_int_equal(gtu_last_report(GAME_REP_NEW)->mode, GAME_MODE_2P);
    assert_int_equal(gtu_last_report(GAME_REP_NEW)->level, LEVEL_MEDIUM);
}

/* A pick on the cell chosen: one after a pause. */
static void pick_again(game_t *g, uint8_t cell)
{
    gtu_pause(g);
    gtu_tap(g, cell);
}

/* 8: colour-blind display, 9: brightness (full, medium, night, medium, full): saved, and the
 * menu stays, the cell chosen, the eight others showing its value (without hue). */
static void test_menu_toggles_stay_open(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_2P, LEVEL_EASY, 1);
    gtu_clear();
    gtu_open(&g);
    check_menu_frame(&g, 0x164, 0x008); /* two players, easy, sound on, full */
    pick_again(&g, 7);
    assert_int_equal(gtu_take_save(&g), 0); /* chosen: green, blinking, nothing changed */
    assert_int_equal(gtu_cell(&g, 7), LED_GREEN | LED_BLINK);
    assert_int_equal(gtu_cell(&g, 0), LED_YELLOW | LED_DIM); /* its value: off */
    pick_again(&g, 7);
    assert_int_equal(game_settings(&g)->color_blind, 1);
    assert_int_equal(gtu_cell(&g, 0), LED_YELLOW); /* on */
    assert_int_equal(gtu_take_save(&g), 1);
    assert_int_equal(gtu_last_report(GAME_REP_COLOR_BLIND)->value, 1);
    assert_true(game_menu_open(&g));
    pick_again(&g, 7); /* still chosen: again */
    assert_int_equal(game_settings(&g)->color_blind, 0);
    pick_again(&g, 8); /* another cell: chosen instead, nothing changed */
    assert_int_equal(game_settings(&g)->color_blind, 0);
    assert_int_equal(gtu_cell(&g, 8), LED_GREEN | LED_BLINK);
    assert_int_equal(gtu_cell(&g, 7), LED_YELLOW); /* brightness full */
    pick_again(&g, 8);
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_MEDIUM);
    assert_int_equal(gtu_last_report(GAME_REP_BRIGHTNESS)->value, LEDS_BRIGHT_MEDIUM);
    assert_int_equal(gtu_cell(&g, 7), LED_YELLOW | LED_DIM);
    pick_again(&g, 8);
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_NIGHT);
    assert_int_equal(gtu_cell(&g, 7), LED_YELLOW | LED_DIM | LED_BLINK);
    pick_again(&g, 4); /* 5 closes */
    assert_false(game_menu_open(&g));
    gtu_open(&g);
    check_menu_frame(&g, 0x064, 0x108);
    pick_again(&g, 8);
    pick_again(&g, 8); /* night never jumps to full: it turns round */
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_MEDIUM);
    pick_again(&g, 8);
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_FULL);
    pick_again(&g, 8); /* and round again at full */
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_MEDIUM);
    gtu_tap(&g, 8); /* hurried on the chosen cell: nothing */
    assert_int_equal(game_settings(&g)->brightness, LEDS_BRIGHT_MEDIUM);
    assert_true(game_menu_open(&g));
    gtu_tap(&g, 7); /* hurried elsewhere: closed */
    assert_false(game_menu_open(&g));
    assert_int_equal(gtu_reports_of(GAME_REP_BRIGHTNESS), 5);
    assert_int_equal(gtu_reports_of(GAME_REP_NEW), 0);
}

/* A press while another key is held: both flicker; not a pick, and the menu closes. Then
 * two players: x and o alternate, no AI; after the first move no menu. */
static void test_menu_two_keys_and_two_players(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_2P, LEVEL_EASY, 1);
    gtu_clear();
    gtu_open(&g);
    gtu_pause(&g);
    gtu_ev(&g, KEY_EV_PRESS, 0);
    gtu_ev(&g, KEY_EV_PRESS, 1);
    gtu_ev(&g, KEY_EV_RELEASE, 1);
    gtu_ev(&g, KEY_EV_RELEASE, 0);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_2P);
    assert_false(game_menu_open(&g));
    assert_int_equal(gtu_flickering(&g), 3u);
    gtu_tap(&g, 0);
    gtu_tick(&g, 1000);
    assert_int_equal(gtu_marks(&g), 1);
    gtu_long(&g, 0); /* occupied cell mid-game: analysis, not the menu */
    assert_false(game_menu_open(&g));
    gtu_tap(&g, 8); /* dismisses the analysis; not a move: the ignored sign */
    assert_int_equal(gtu_marks(&g), 1);
    assert_int_equal(gtu_flickering(&g), 1u << 8);
    gtu_tap(&g, 1);
    assert_int_equal(game_pos(&g).o, 1u << 1);
}

/* 7: the game steps normal, misère, fading, normal; each step a new game under it (the
 * one under way abandoned once the person has moved, as a mode's pick), the menu open,
 * the cell chosen; its look full, dimmed, dimmed and blinking, as every setting's. */
static void test_menu_game(void **state)
{
    static const uint8_t looks[RULE_COUNT] = {LED_YELLOW, LED_YELLOW | LED_DIM,
                                              LED_YELLOW | LED_DIM | LED_BLINK};
    game_t g;
    (void)state;
    menu_fresh(&g);
    gtu_tap(&g, 4); /* moved: the step abandons this game */
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_menu(&g, GTU_MENU_GAME);
    assert_int_equal(game_settings(&g)->game, RULE_MISERE);
    assert_int_equal(game_rule(&g), RULE_MISERE);
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][0][STATS_ABANDONED], 1);
    assert_int_equal(gtu_marks(&g), 0);
    assert_int_equal(gtu_last_report(GAME_REP_GAME)->value, RULE_MISERE);
    assert_int_equal(gtu_last_report(GAME_REP_NEW)->value, RULE_MISERE);
    assert_true(game_menu_open(&g));
    assert_int_equal(gtu_cell(&g, GTU_MENU_GAME), LED_GREEN | LED_BLINK);
    assert_int_equal(gtu_cell(&g, 0), looks[RULE_MISERE]);
    assert_true(gtu_take_save(&g) & STATS_SAVE_SETTINGS);
    for (uint8_t i = 0; i < RULE_COUNT; i++) {
        uint8_t rule = (uint8_t)((RULE_MISERE + 1u + i) % RULE_COUNT);
        gtu_pause(&g);
        gtu_tap(&g, GTU_MENU_GAME);
        assert_int_equal(game_settings(&g)->game, rule);
        assert_int_equal(game_rule(&g), rule);
        assert_int_equal(gtu_cell(&g, 0), looks[rule]);
        assert_true(game_menu_open(&g));
    }
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][0][STATS_ABANDONED], 1); /* unmoved since */
}

/* Fading's table damaged (a byte flipped in a copy: its CRC stale). At boot a saved
 * fading game is refused, said, the normal game in force; the menu's game cell skips
 * fading; a fading game under way when the table is refused ends, said, counted as
 * abandoned, and a normal one starts. */
static void damage_fading(void)
{
    static uint8_t bad[FADE_TABLE_BYTES];
    for (size_t i = 0; i < sizeof bad; i++) {
        bad[i] = pgm_read_byte(&fade_table[i]);
    }
    bad[7] ^= 0x01u;
    assert_false(fade_use_table(bad));
}

static void test_fading_damaged(void **state)
{
    game_t g;
    settings_t s;
    stats_t st;
    (void)state;
    menu_fresh(&g);
    assert_true(game_set_game(&g, RULE_FADING));
    gtu_tap(&g, 4);
    damage_fading();
    gtu_clear();
    gtu_tick(&g, GAME_AI_DELAY_MS); /* the AI's turn finds the table refused */
    assert_int_equal(gtu_last_report(GAME_REP_GAME)->level, 1);
    assert_int_equal(gtu_last_report(GAME_REP_GAME)->mode, RULE_FADING);
    assert_int_equal(game_rule(&g), RULE_NORMAL);
    assert_int_equal(game_settings(&g)->game, RULE_NORMAL);
    assert_int_equal(game_stats(&g)->games[RULE_FADING][0][STATS_ABANDONED], 1);
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][0][STATS_ABANDONED], 0); /* fading's, not normal's */
    assert_int_equal(gtu_marks(&g), 0);
    assert_false(game_set_game(&g, RULE_FADING));
    assert_int_equal(game_rule(&g), RULE_NORMAL);
    gtu_menu(&g, GTU_MENU_GAME);
    assert_int_equal(game_rule(&g), RULE_MISERE);
    gtu_pause(&g);
    gtu_tap(&g, GTU_MENU_GAME); /* fading skipped */
    assert_int_equal(game_rule(&g), RULE_NORMAL);
    assert_int_equal(gtu_last_report(GAME_REP_GAME)->level, 0); /* never offered, not refused */
    stats_settings_default(&s);
    s.game = RULE_FADING;
    stats_clear(&st);
    gtu_clear();
    game_load(&g, &s, &st);
    gtu_init(&g, 1);
    assert_int_equal(gtu_reports_of(GAME_REP_GAME), 1);
    assert_int_equal(game_rule(&g), RULE_NORMAL);
    assert_int_equal(game_settings(&g)->game, RULE_NORMAL);
    assert_true(gtu_take_save(&g) & STATS_SAVE_SETTINGS);
    assert_true(fade_init());
}

/* Misère at level perfect, the person playing the lowest empty cell: every AI move is in
 * the engine's best set for misère, and the one who completes a line loses. */
static void test_misere_game(void **state)
{
    game_t g;
    (void)state;
    menu_fresh(&g);
    assert_true(game_set_game(&g, RULE_MISERE));
    while (!game_over(&g)) {
        state_t before;
        gtu_tap(&g, pos_first_cell(pos_empty(game_pos(&g))));
        if (game_over(&g)) {
            break;
        }
        before = *game_position(&g);
        gtu_clear();
        gtu_tick(&g, GAME_AI_DELAY_MS);
        assert_true(play_best_cells(RULE_MISERE, &before) >>
                        gtu_last_report(GAME_REP_AI_MOVE)->cell &
                    1u);
        gtu_pause(&g);
    }
    assert_int_equal(game_winner(&g), state_winner(RULE_MISERE, game_position(&g)));
    assert_true(pos_winner(game_pos(&g)) != game_winner(&g)); /* the line lost */
}

/* Fading marks, the AI perfect against a perfect X (the engine's move): X wins in 13
 * plies, as the engine says of the empty board; no player ever has more than three
 * marks, and a fourth takes the oldest away first. */
static void test_fading_game(void **state)
{
    game_t g;
    (void)state;
    menu_fresh(&g);
    assert_true(game_set_game(&g, RULE_FADING));
    while (!game_over(&g)) {
        const state_t *s = game_position(&g);
        uint8_t old = state_vanishing(RULE_FADING, s, PLAYER_X);
        gtu_tap(&g, play_move(RULE_FADING, s));
        assert_true(pos_count(game_pos(&g).x) <= FADE_KEEP);
        if (old < POS_CELLS) {
            assert_false(game_pos(&g).x >> old & 1u);
        }
        gtu_tick(&g, GAME_AI_DELAY_MS);
        assert_true(pos_count(game_pos(&g).o) <= FADE_KEEP);
        gtu_pause(&g);
    }
    assert_int_equal(game_winner(&g), PLAYER_X);
    assert_int_equal(game_position(&g)->plies, 13);
}

/* Fading: the mark that vanishes at its owner's next move winks, dark
 * GAME_FADE_WINK_OFF_MS once in GAME_FADE_WINK_MS, both players'; the others steady.
 * x 1 3 7, o 2 5 9 (two players): x's 1 and o's 2 wink. */
static void test_fading_wink(void **state)
{
    static const uint8_t seq[6] = {0, 1, 2, 4, 6, 8};
    unsigned dark[9] = {0};
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    assert_true(game_set_game(&g, RULE_FADING));
    for (int i = 0; i < 6; i++) {
        gtu_tap(&g, seq[i]);
        gtu_tick(&g, 250);
    }
    for (unsigned t = 0; t < GAME_FADE_WINK_MS; t++) {
        for (uint8_t c = 0; c < 9; c++) {
            dark[c] += gtu_cell(&g, c) == LED_OFF;
        }
        gtu_tick(&g, 1);
    }
    assert_int_equal(dark[0], GAME_FADE_WINK_OFF_MS);
    assert_int_equal(dark[1], GAME_FADE_WINK_OFF_MS);
    for (uint8_t c = 2; c < 9; c++) {
        assert_int_equal(dark[c], (c == 3 || c == 5 || c == 7) ? GAME_FADE_WINK_MS : 0u);
    }
    gtu_tap(&g, 3); /* x's 1 goes, o's 2 still winks, x's 3 winks next */
    assert_int_equal(state_vanishing(RULE_FADING, game_position(&g), PLAYER_X), 2);
}

/* The lamp test (console `lamp`): all red, all green, all yellow. */
static void test_lamp(void **state)
{
    game_t g;
    (void)state;
    menu_fresh(&g);
    game_lamp(&g);
    for (uint8_t c = 0; c < 9; c++) {
        assert_int_equal(gtu_cell(&g, c), LED_RED);
    }
    gtu_tick(&g, GAME_LAMP_STEP_MS);
    assert_int_equal(gtu_cell(&g, 3), LED_GREEN);
    gtu_tick(&g, GAME_LAMP_STEP_MS);
    assert_int_equal(gtu_cell(&g, 8), LED_YELLOW);
    gtu_tick(&g, GAME_LAMP_STEP_MS);
    assert_int_equal(gtu_cell(&g, 8), LED_OFF);
}

static void test_hint_and_analysis(void **state)
{
    game_t g;
    uint8_t f[9];
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(&g, 0);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_clear();
    {
        uint8_t empty_cell = pos_first_cell(pos_empty(game_pos(&g)));
        uint8_t best = engine_move(game_pos(&g));
        pos_t p = game_pos(&g);
        gtu_long(&g, empty_cell);
        gtu_assert_pos(&g, p);
        frame_of(&g, f);
        assert_int_equal(f[best], LED_YELLOW);
        assert_int_equal(gtu_reports_of(GAME_REP_HINT), 1);
        assert_int_equal(gtu_last_report(GAME_REP_HINT)->cell, best);
        gtu_tick(&g, GAME_HINT_MS);
        frame_of(&g, f);
        assert_int_not_equal(f[best], LED_YELLOW);
        /* Analysis: every empty cell by its outcome, marks dark. */
        gtu_long(&g, 0);
        gtu_assert_pos(&g, p);
        frame_of(&g, f);
        for (uint8_t c = 0; c < 9; c++) {
            if (pos_empty(p) & (1u << c)) {
                int v = -gtu_minimax(pos_play(p, c));
                assert_int_equal(f[c], v > 0 ? LED_GREEN : v == 0 ? LED_YELLOW : LED_RED);
            } else {
                assert_int_equal(f[c], LED_OFF);
            }
        }
        assert_int_equal(gtu_reports_of(GAME_REP_ANALYSIS), 1);
        {
            const game_report_t *a = gtu_last_report(GAME_REP_ANALYSIS);
            assert_int_equal(a->cells, pos_empty(p));
            for (uint8_t c = 0; c < 9; c++) {
                if (pos_empty(p) & (1u << c)) {
                    int v = -gtu_minimax(pos_play(p, c));
                    assert_int_equal(!!(a->wins & (1u << c)), v > 0);
                    assert_int_equal(!!(a->losses & (1u << c)), v < 0);
                }
            }
        }
        /* The next press ends it and is not a move. */
        gtu_tap(&g, empty_cell);
        gtu_assert_pos(&g, p);
        frame_of(&g, f);
        assert_int_equal(f[0], LED_RED);
        /* Analysis also ends by itself after 3 s. */
        gtu_long(&g, 0);
        gtu_tick(&g, GAME_ANALYSIS_MS);
        frame_of(&g, f);
        assert_int_equal(f[0], LED_RED);
    }
}

/* Two players: x wins on the top row; the line blinks, the win is counted. */
static void test_win_two_players(void **state)
{
    game_t g;
    uint8_t f[9];
    (void)state;
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_clear();
    for (uint8_t i = 0; i < 5; i++) {
        gtu_tap(&g, (uint8_t[]){0, 3, 1, 4, 2}[i]);
        gtu_tick(&g, 250); /* two people: no toddler's burst */
    }
    assert_int_equal(game_over(&g), 1);
    assert_int_equal(gtu_reports_of(GAME_REP_RESULT), 1);
    assert_int_equal(gtu_last_report(GAME_REP_RESULT)->player, PLAYER_X);
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_WIN], 1);
    assert_int_equal(gtu_take_save(&g), STATS_SAVE_STATS);
    frame_of(&g, f);
    for (int c = 0; c < 3; c++) {
        assert_int_equal(f[c], LED_RED | LED_BLINK);
    }
    assert_int_equal(f[3], LED_GREEN);
    assert_int_equal(f[5], LED_OFF);
    /* The statistics at game over (a long press) show them and keep the final board. */
    gtu_settle(&g);
    gtu_long(&g, 8);
    assert_int_equal(game_over(&g), 1);
    assert_false(game_menu_open(&g));
    gtu_tap(&g, 8); /* dismiss */
    assert_int_equal(game_over(&g), 1);
    /* The next short press starts a new game and is not a move. */
    gtu_tap(&g, 8);
    assert_int_equal(game_over(&g), 0);
    assert_int_equal(gtu_marks(&g), 0);
}

/* Two players from a new game to a draw: x:0 o:4 x:8 o:2 x:6 o:3 x:5 o:7 x:1. */
static void play_draw_two_players(game_t *g)
{
    static const uint8_t seq[9] = {0, 4, 8, 2, 6, 3, 5, 7, 1};
    gtu_start(g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_clear();
    for (int i = 0; i < 9; i++) {
        gtu_tap(g, seq[i]);
        gtu_tick(g, 250); /* two people: no toddler's burst */
    }
}

/* A draw: all nine blink, the draw is counted. */
static void test_draw_two_players(void **state)
{
    game_t g;
    uint8_t f[9];
    (void)state;
    play_draw_two_players(&g);
    assert_int_equal(game_over(&g), 1);
    assert_int_equal(game_winner(&g), PLAYER_NONE);
    assert_int_equal(gtu_reports_of(GAME_REP_RESULT), 1);
    assert_int_equal(gtu_last_report(GAME_REP_RESULT)->player, PLAYER_NONE);
    frame_of(&g, f);
    for (int c = 0; c < 9; c++) {
        assert_true(f[c] & LED_BLINK);
    }
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_DRAW], 1);
}

/* At game over the menu's mode cells start a new game; the level steps for the next. */
static void test_menu_at_game_over(void **state)
{
    game_t g;
    (void)state;
    play_draw_two_players(&g);
    /* The menu's you-X pick at game over: new game vs AI as x. */
    gtu_settle(&g);
    gtu_menu(&g, GTU_MENU_MODEAI_X);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_AI_X);
    assert_int_equal(gtu_marks(&g), 0);
    /* At game over in o mode: the menu's level, then you O. */
    game_new(&g, GAME_MODE_AI_O);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    while (!game_over(&g)) {
        gtu_tap(&g, pos_first_cell(pos_empty(game_pos(&g))));
        gtu_tick(&g, GAME_AI_DELAY_MS);
    }
    assert_int_equal(game_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_O, game_level(&g))][STATS_LOSS] +
                         game_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_O, game_level(&g))][STATS_DRAW],
                     1);
    uint8_t next = (uint8_t)((game_settings(&g)->level + 1u) % LEVELS);
    gtu_settle(&g);
    gtu_menu(&g, GTU_MENU_LEVEL); /* the level steps for the next game; this one stays over */
    assert_int_equal(game_settings(&g)->level, next);
    assert_int_equal(game_over(&g), 1);
    gtu_tap(&g, 4);
    gtu_menu(&g, GTU_MENU_MODEAI_O); /* you o: a new game at it, the AI opens */
    assert_int_equal(game_over(&g), 0);
    assert_int_equal(game_level(&g), next);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_int_equal(gtu_marks(&g), 1);
}

static void test_wake_guard_and_sync(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    game_wake(&g);
    gtu_ev(&g, KEY_EV_PRESS, 4);
    gtu_tick(&g, 900);
    gtu_ev(&g, KEY_EV_RELEASE, 4);
    assert_int_equal(gtu_marks(&g), 0); /* the waking press is not a move, nor a menu */
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    gtu_tap(&g, 4);
    assert_int_equal(game_pos(&g).x, 1u << 4);
    /* A lost RELEASE: the debounced state says nothing is held. */
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_ev(&g, KEY_EV_PRESS, 0);
    game_keys_sync(&g, 0); /* the release was dropped */
    assert_int_equal(game_held_keys(&g), 0);
    {
        uint8_t c = pos_first_cell(pos_empty(game_pos(&g)));
        gtu_tap(&g, c);
        assert_int_equal(pos_count(game_pos(&g).x), 2);
    }
}

static void test_stuck_key(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tick(&g, GAME_BOOT_MS);
    gtu_clear();
    gtu_ev(&g, KEY_EV_PRESS, 4); /* cell 5 jams on the empty board */
    gtu_tick(&g, GAME_LONG_MS); /* on the way it passes the long-press time: only armed */
    assert_int_equal(gtu_cell(&g, 4), LED_YELLOW);
    assert_int_equal(gtu_reports(), 0); /* no menu action, nothing reported */
    gtu_tick(&g, GAME_STUCK_MS - GAME_LONG_MS - 1u);
    assert_int_equal(gtu_reports(), 0);
    gtu_tick(&g, 1);
    assert_int_equal(gtu_reports_of(GAME_REP_STUCK), 1);
    assert_int_equal(gtu_last_report(GAME_REP_STUCK)->cells, 1u << 4);
    assert_int_equal(gtu_reports(), 1); /* and nothing else: no gesture acted */
    assert_int_equal(gtu_cell(&g, 4), LED_YELLOW); /* no longer armed: it flickers */
    gtu_tick(&g, GAME_FLASH_STEP_MS);
    assert_int_equal(gtu_cell(&g, 4), LED_OFF);
    gtu_tick(&g, GAME_FLASH_MS);
    assert_int_equal(gtu_cell(&g, 4), LED_OFF);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_AI_X);
    gtu_tick(&g, GAME_STUCK_MS); /* reported once */
    assert_int_equal(gtu_reports_of(GAME_REP_STUCK), 1);
    /* The other keys work while it stays down (the debounced state still has it). */
    game_keys_sync(&g, 1u << 4);
    gtu_tap(&g, 0);
    game_keys_sync(&g, 1u << 4);
    assert_int_equal(game_pos(&g).x, 1u << 0);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_int_equal(pos_count(game_pos(&g).o), 1);
    /* Released: its event counts for nothing, the debounced state frees it; then it
     * is an ordinary key again (a move if cell 5 is still free). */
    gtu_ev(&g, KEY_EV_RELEASE, 4);
    assert_int_equal(game_stuck_keys(&g), 1u << 4);
    game_keys_sync(&g, 0);
    assert_int_equal(game_stuck_keys(&g), 0);
    assert_int_equal(game_held_keys(&g), 0);
    if (pos_empty(game_pos(&g)) & (1u << 4)) {
        gtu_tap(&g, 4);
        assert_true(game_pos(&g).x & (1u << 4));
    }
}

static void test_stats_records(void **state)
{
    settings_t s;
    stats_t st;
    (void)state;
    stats_settings_default(&s);
    assert_true(stats_settings_valid(&s));
    assert_int_equal(s.mode, GAME_MODE_AI_X);
    assert_int_equal(s.level, LEVEL_PERFECT);
    assert_int_equal(s.color_blind, 1); /* the cues by default */
    assert_int_equal(s.brightness, LEDS_BRIGHT_FULL);
    s.mode = GAME_MODES;
    assert_false(stats_settings_valid(&s));
    stats_settings_default(&s);
    s.level = LEVELS;
    assert_false(stats_settings_valid(&s));
    stats_settings_default(&s);
    s.color_blind = 2;
    assert_false(stats_settings_valid(&s));
    stats_settings_default(&s);
    s.brightness = LEDS_BRIGHT_LEVELS;
    assert_false(stats_settings_valid(&s));
    stats_settings_default(&s);
    s.format = 0xFF;
    assert_false(stats_settings_valid(&s));
    stats_clear(&st);
    assert_true(stats_valid(&st));
    st.before = 2;
    assert_false(stats_valid(&st));
    stats_clear(&st);
    st.games[RULE_NORMAL][STATS_TABLE_2P][STATS_ABANDONED] = STATS_COUNT_MAX + 1u;
    assert_false(stats_valid(&st));
    stats_clear(&st);
    st.old[1][2] = STATS_COUNT_MAX + 1u;
    assert_false(stats_valid(&st));
    /* Counting saturates; bad mode/level/kind are ignored. */
    stats_clear(&st);
    st.games[RULE_NORMAL][4][0] = STATS_COUNT_MAX - 1u;
    stats_count(&st, RULE_NORMAL, GAME_MODE_AI_O, LEVEL_MEDIUM, STATS_WIN);
    stats_count(&st, RULE_NORMAL, GAME_MODE_AI_O, LEVEL_MEDIUM, STATS_WIN);
    assert_int_equal(st.games[RULE_NORMAL][4][0], STATS_COUNT_MAX);
    stats_count(&st, RULE_NORMAL, GAME_MODES, LEVEL_PERFECT, STATS_WIN);
    stats_count(&st, RULE_NORMAL, GAME_MODE_AI_X, LEVELS, STATS_WIN);
    stats_count(&st, RULE_NORMAL, GAME_MODE_AI_X, LEVEL_PERFECT, STATS_KINDS);
    assert_true(stats_valid(&st));
    for (uint8_t t = 0; t < STATS_TABLES; t++) {
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            assert_int_equal(st.games[RULE_NORMAL][t][k], t == 4 && k == 0 ? STATS_COUNT_MAX : 0);
        }
    }
    /* Two players have one table, whatever the level. */
    stats_count(&st, RULE_NORMAL, GAME_MODE_2P, LEVEL_EASY, STATS_ABANDONED);
    stats_count(&st, RULE_NORMAL, GAME_MODE_2P, LEVEL_PERFECT, STATS_ABANDONED);
    assert_int_equal(st.games[RULE_NORMAL][STATS_TABLE_2P][STATS_ABANDONED], 2);
    stats_count(&st, RULE_NORMAL, GAME_MODE_AI_X, LEVEL_EASY, STATS_LOSS);
    assert_int_equal(st.games[RULE_NORMAL][2][STATS_LOSS], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boot_banner_and_greeting),
        cmocka_unit_test(test_init_repairs_the_record),
        cmocka_unit_test(test_move_and_ai_timing),
        cmocka_unit_test(test_ai_opens_as_x),
        cmocka_unit_test(test_every_strategy_as_x),
        cmocka_unit_test(test_every_strategy_as_o),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_level_pick_rates),
        cmocka_unit_test(test_reply_follows_the_timing),
        cmocka_unit_test(test_every_perfect_move_can_be_drawn),
        cmocka_unit_test(test_presses_during_ai_turn_ignored),
        cmocka_unit_test(test_press_on_taken_cell_blinks),
        cmocka_unit_test(test_two_keys_at_once_ignored),
        cmocka_unit_test(test_stray_events_ignored),
        cmocka_unit_test(test_menu_opens_unchanged),
        cmocka_unit_test(test_menu_hold_only_centre),
        cmocka_unit_test(test_two_players_beat),
        cmocka_unit_test(test_menu_hint_discoverable),
        cmocka_unit_test(test_menu_shows_mode_and_level),
        cmocka_unit_test(test_menu_long_press_closes),
        cmocka_unit_test(test_menu_long_press_chooses),
        cmocka_unit_test(test_menu_held_key_closes_on_release),
        cmocka_unit_test(test_menu_times_out),
        cmocka_unit_test(test_menu_picks_mode_steps_level),
        cmocka_unit_test(test_menu_toggles_stay_open),
        cmocka_unit_test(test_menu_two_keys_and_two_players),
        cmocka_unit_test(test_menu_game),
        cmocka_unit_test(test_fading_damaged),
        cmocka_unit_test(test_misere_game),
        cmocka_unit_test(test_fading_game),
        cmocka_unit_test(test_fading_wink),
        cmocka_unit_test(test_lamp),
        cmocka_unit_test(test_hint_and_analysis),
        cmocka_unit_test(test_win_two_players),
        cmocka_unit_test(test_draw_two_players),
        cmocka_unit_test(test_menu_at_game_over),
        cmocka_unit_test(test_wake_guard_and_sync),
        cmocka_unit_test(test_stuck_key),
        cmocka_unit_test(test_stats_records),
    };
    return cmocka_run_group_tests_name("game", tests, setup, NULL);
}
