/* tests/game/test_game_stats.c - honest statistics in the game: a level change waits for
 * the next game (the AI keeps the level the game began with, and the game counts under
 * it), a game left after the person moved counts as abandoned (and only then), and the
 * statistics display (the menu's STATS cell) cannot be taken for a board: bars in three columns
 * over a dim frame, each kind told apart by brightness and blinking, not only by hue. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine.h"
#include "play.h"
#include "game.h"
#include "bars.h"
#include "game_test_util.h"

static int setup(void **state)
{
    (void)state;
    play_init();
    return 0;
}

static uint16_t table_count(const game_t *g, uint8_t mode, uint8_t level, uint8_t kind)
{
    return game_stats(g)->games[RULE_NORMAL][stats_table(mode, level)][kind];
}

/* Every counter of every table is 0 but `want` of (mode, level, kind). */
static void assert_only(const game_t *g, uint8_t mode, uint8_t level, uint8_t kind,
                        uint16_t want)
{
    uint8_t t = stats_table(mode, level);
    for (uint8_t i = 0; i < STATS_TABLES; i++) {
        for (uint8_t k = 0; k < STATS_KINDS; k++) {
            assert_int_equal(game_stats(g)->games[RULE_NORMAL][i][k], i == t && k == kind ? want : 0u);
        }
    }
}

/* The person plays the lowest empty cell until the game ends; every AI move checked to
 * be one of the perfect moves (level perfect). */
static void play_out_perfect_ai(game_t *g)
{
    while (!game_over(g)) {
        gtu_tap(g, pos_first_cell(pos_empty(game_pos(g))));
        if (game_over(g)) {
            break;
        }
        {
            pos_t before = game_pos(g);
            uint16_t best = engine_best_cells(before);
            gtu_tick(g, GAME_AI_DELAY_MS);
            /* one of the perfect moves, never a blunder */
            assert_true(game_pos(g).o & (uint16_t)~before.o & best);
        }
    }
}

/* `level` mid-game: the report says it is the next game's; this game keeps its level
 * (the AI plays perfectly to the end, whatever the seed) and counts under it; the next
 * game has the new level. */
static void test_level_takes_effect_next_game(void **state)
{
    (void)state;
    for (uint16_t seed = 1; seed <= 40; seed++) {
        game_t g;
        gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, seed);
        gtu_tap(&g, 4);
        gtu_tick(&g, GAME_AI_DELAY_MS);
        gtu_clear();
        game_set_level(&g, LEVEL_EASY);
        gtu_drain(&g);
        assert_int_equal(gtu_reports_of(GAME_REP_LEVEL), 1);
        assert_int_equal(gtu_last_report(GAME_REP_LEVEL)->level, LEVEL_EASY);
        assert_int_equal(game_settings(&g)->level, LEVEL_EASY);
        assert_int_equal(game_level(&g), LEVEL_PERFECT);
        assert_int_equal(gtu_take_save(&g), STATS_SAVE_SETTINGS);
        play_out_perfect_ai(&g);
        assert_int_not_equal(game_winner(&g), PLAYER_X);
        assert_only(&g, GAME_MODE_AI_X, LEVEL_PERFECT,
                    game_winner(&g) == PLAYER_NONE ? STATS_DRAW : STATS_LOSS, 1);
        assert_int_equal(gtu_take_save(&g), STATS_SAVE_STATS);
        gtu_settle(&g);
        gtu_tap(&g, 0); /* game over: a new game, at the new level */
        assert_int_equal(game_level(&g), LEVEL_EASY);
        assert_int_equal(gtu_last_report(GAME_REP_NEW)->level, LEVEL_EASY);
    }
}

/* Easy really is easy once it is in force: some AI move differs from the engine's. */
static void test_next_game_plays_at_new_level(void **state)
{
    unsigned blunders = 0;
    (void)state;
    for (uint16_t seed = 1; seed <= 20; seed++) {
        game_t g;
        gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, seed);
        game_set_level(&g, LEVEL_EASY);
        game_new(&g, GAME_MODE_AI_X);
        gtu_drain(&g);
        assert_int_equal(game_level(&g), LEVEL_EASY);
        while (!game_over(&g)) {
            gtu_tap(&g, pos_first_cell(pos_empty(game_pos(&g))));
            if (!game_over(&g)) {
                uint8_t best = engine_move(game_pos(&g));
                gtu_tick(&g, GAME_AI_DELAY_MS);
                blunders += !((game_pos(&g).o >> best) & 1u);
            }
        }
        assert_int_equal(table_count(&g, GAME_MODE_AI_X, LEVEL_PERFECT, STATS_WIN) +
                             table_count(&g, GAME_MODE_AI_X, LEVEL_PERFECT, STATS_DRAW) +
                             table_count(&g, GAME_MODE_AI_X, LEVEL_PERFECT, STATS_LOSS),
                         0);
    }
    assert_true(blunders > 5);
}

/* A new game counts the one it ends as abandoned exactly when the person has moved in
 * it and it is not over: under its mode and the level it was played at. */
static void test_abandoned(void **state)
{
    game_t g;
    (void)state;
    /* vs the AI as x: nothing played, nothing counted */
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_MEDIUM, 1);
    game_new(&g, GAME_MODE_AI_X);
    assert_only(&g, GAME_MODE_AI_X, LEVEL_MEDIUM, STATS_ABANDONED, 0);
    assert_int_equal(gtu_take_save(&g), 0);
    /* a move, a level for the next game, then `new o`: abandoned under x at medium */
    gtu_tap(&g, 4);
    game_set_level(&g, LEVEL_EASY);
    gtu_take_save(&g);
    game_new(&g, GAME_MODE_AI_O);
    assert_only(&g, GAME_MODE_AI_X, LEVEL_MEDIUM, STATS_ABANDONED, 1);
    assert_int_equal(gtu_take_save(&g), STATS_SAVE_STATS | STATS_SAVE_SETTINGS);
    /* as o: the AI's opening alone is not the person's move */
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_int_equal(pos_count(game_pos(&g).x), 1);
    game_new(&g, GAME_MODE_AI_O);
    assert_only(&g, GAME_MODE_AI_X, LEVEL_MEDIUM, STATS_ABANDONED, 1);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_tap(&g, pos_first_cell(pos_empty(game_pos(&g))));
    game_new(&g, GAME_MODE_AI_O);
    assert_int_equal(table_count(&g, GAME_MODE_AI_O, LEVEL_EASY, STATS_ABANDONED), 1);
    /* two players: any move */
    gtu_start(&g, GAME_MODE_2P, LEVEL_EASY, 1);
    gtu_tap(&g, 0);
    game_new(&g, GAME_MODE_2P);
    assert_only(&g, GAME_MODE_2P, LEVEL_PERFECT, STATS_ABANDONED, 1);
    /* ended from the board: the menu mid-game (the centre held), you o picked */
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(&g, 0);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_menu(&g, GTU_MENU_MODEAI_O);
    assert_int_equal(game_settings(&g)->mode, GAME_MODE_AI_O);
    assert_only(&g, GAME_MODE_AI_X, LEVEL_PERFECT, STATS_ABANDONED, 1);
    /* a finished game is not abandoned by the next one */
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    for (const char *m = "03142"; *m; m++) {
        gtu_tap(&g, (uint8_t)(*m - '0'));
    }
    assert_true(game_over(&g));
    game_new(&g, GAME_MODE_2P);
    assert_only(&g, GAME_MODE_2P, LEVEL_PERFECT, STATS_WIN, 1);
    /* the menu's new game at game over, and its long press: the same */
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_tap(&g, 4);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    gtu_long(&g, 4); /* a taken cell mid-game: the analysis, not a new game */
    assert_only(&g, GAME_MODE_AI_X, LEVEL_PERFECT, STATS_ABANDONED, 0);
    /* saturates */
    gtu_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, LEVEL_PERFECT)][STATS_ABANDONED] = STATS_COUNT_MAX;
    gtu_tap(&g, pos_first_cell(pos_empty(game_pos(&g))));
    game_new(&g, GAME_MODE_AI_X);
    assert_int_equal(table_count(&g, GAME_MODE_AI_X, LEVEL_PERFECT, STATS_ABANDONED),
                     STATS_COUNT_MAX);
}

/* ---- the display ------------------------------------------------------------------ */

enum { CLS_WIN, CLS_DRAW, CLS_LOSS, CLS_FRAME, CLS_PLAYED, CLS_OTHER };

/* What a cell of the frame shows: hue (red, green, yellow), full or dim, steady or
 * blinking, as one of the classes or CLS_OTHER. */
static uint8_t cell_class(const leds_frame_t *f, uint8_t c)
{
    uint16_t bit = (uint16_t)(1u << c);
    int red = !!(f->red & bit), green = !!(f->green & bit);
    int dim = !!(f->dim & bit), blink = !!(f->blink & bit);
    if (green && !red && !dim && !blink) {
        return CLS_WIN;
    }
    if (green && red && dim && blink) {
        return CLS_DRAW;
    }
    if (red && !green && !dim && blink) {
        return CLS_LOSS;
    }
    if (green && red && dim && !blink) {
        return CLS_FRAME;
    }
    if (green && red && !dim && !blink) {
        return CLS_PLAYED;
    }
    return CLS_OTHER;
}

/* The menu's statistics with these counts (and abandoned games) in the game's table; the first
 * picture shown. */
static void show_stats_a(game_t *g, unsigned w, unsigned d, unsigned l, unsigned a,
                         leds_frame_t *f)
{
    uint16_t *n = gtu_stats(g)->games[RULE_NORMAL][stats_table(game_settings(g)->mode, game_level(g))];
    n[STATS_WIN] = (uint16_t)w;
    n[STATS_DRAW] = (uint16_t)d;
    n[STATS_LOSS] = (uint16_t)l;
    n[STATS_ABANDONED] = (uint16_t)a;
    gtu_tick(g, GAME_STATS_RESULTS_MS + GAME_STATS_PLAYED_MS); /* any earlier display is over */
    gtu_stats_show(g);
    game_frame(g, f);
}

static void show_stats(game_t *g, unsigned w, unsigned d, unsigned l, leds_frame_t *f)
{
    show_stats_a(g, w, d, l, 0, f);
}

/* Column k: a bar of h cells of class cls up from the bottom row, then the frame; h
 * returned. */
static unsigned bar_of(const leds_frame_t *f, uint8_t k, uint8_t cls)
{
    unsigned h = 0;
    for (uint8_t row = 0; row < 3; row++) {
        uint8_t c = cell_class(f, (uint8_t)(6u - 3u * row + k));
        if (c == cls && h == row) {
            h++;
        } else {
            assert_int_equal(c, CLS_FRAME);
        }
    }
    return h;
}

/* Column k (0 wins, 1 draws, 2 losses) of the first picture. */
static unsigned bar_height(const leds_frame_t *f, uint8_t k)
{
    return bar_of(f, k, k);
}

/* The largest counts are halved, not overflowed, and a small one still shows; the
 * issue's case: 4 wins, 2 draws, 3 losses were three equal one-cell bars. */
static void check_bar_cases(game_t *g, leds_frame_t *f)
{
    show_stats(g, STATS_COUNT_MAX, STATS_COUNT_MAX, 1, f);
    assert_int_equal(bar_height(f, 0), 3);
    assert_int_equal(bar_height(f, 1), 3);
    assert_int_equal(bar_height(f, 2), 1);
    show_stats(g, 4, 2, 3, f);
    assert_int_equal(bar_height(f, 0), 3);
    assert_int_equal(bar_height(f, 1), 2);
    assert_int_equal(bar_height(f, 2), 2);
    show_stats(g, 1, 0, STATS_COUNT_MAX, f);
    assert_int_equal(bar_height(f, 0), 1); /* 1 of 60000: still one cell */
    assert_int_equal(bar_height(f, 2), 3);
}

static void test_stats_display(void **state)
{
    game_t g;
    leds_frame_t f;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    /* no games: the empty frame, all nine dim and steady */
    show_stats(&g, 0, 0, 0, &f);
    for (uint8_t c = 0; c < 9; c++) {
        assert_int_equal(cell_class(&f, c), CLS_FRAME);
    }
    /* one loss (the case: once nine red cells, a board of x's) */
    show_stats(&g, 0, 0, 1, &f);
    assert_int_equal(bar_height(&f, 0), 0);
    assert_int_equal(bar_height(&f, 1), 0);
    assert_int_equal(bar_height(&f, 2), 3);
    /* each bar in proportion, the largest 3 rows, to the nearest (a half up); a count
     * that is not 0 at least one cell */
    for (unsigned w = 0; w < 40; w += 3) {
        for (unsigned d = 0; d < 40; d += 5) {
            for (unsigned l = 0; l < 40; l += 7) {
                unsigned n[3] = {w, d, l}, dims = 0;
                unsigned t = w > d ? (w > l ? w : l) : (d > l ? d : l);
                if (t == 0) {
                    continue;
                }
                show_stats(&g, w, d, l, &f);
                for (uint8_t k = 0; k < 3; k++) {
                    unsigned h = bar_height(&f, k);
                    /* |h - 3 n / t| <= 1/2, or 1 for a small count */
                    assert_true((2u * h * t <= 6u * n[k] + t && 6u * n[k] <= 2u * h * t + t) ||
                                (h == 1 && 6u * n[k] < t && n[k]));
                    assert_true(!n[k] == !h);
                }
                /* never a board: all nine lit, the middle column dim (draws or frame) */
                for (uint8_t c = 0; c < 9; c++) {
                    assert_true((f.red | f.green) & (1u << c));
                    dims += (f.dim >> c) & 1u;
                }
                assert_true(dims >= 3 && (f.dim & 0x092) == 0x092);
            }
        }
    }
    check_bar_cases(&g, &f);
    /* a press ends it (its cell flickers, now dark: ignored as a move); so does time */
    gtu_tap(&g, 4);
    game_frame(&g, &f);
    assert_int_equal(f.red | f.green | f.dim | f.blink, 0);
    assert_int_equal(gtu_flickering(&g), 1u << 4);
    assert_int_equal(game_pos(&g).x | game_pos(&g).o, 0); /* and is not a move */
}

/* The display shows the table of the mode and of this game's level; two players: their
 * table. */
static void test_stats_display_table(void **state)
{
    game_t g;
    leds_frame_t f;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_MEDIUM, 1);
    gtu_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, LEVEL_PERFECT)][STATS_LOSS] = 5;
    gtu_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_X, LEVEL_MEDIUM)][STATS_WIN] = 5;
    gtu_stats(&g)->games[RULE_NORMAL][stats_table(GAME_MODE_AI_O, LEVEL_MEDIUM)][STATS_DRAW] = 5;
    gtu_stats_show(&g);
    game_frame(&g, &f);
    assert_int_equal(bar_height(&f, 0), 3);
    assert_int_equal(bar_height(&f, 1), 0);
    assert_int_equal(bar_height(&f, 2), 0);
    gtu_start(&g, GAME_MODE_2P, LEVEL_EASY, 1);
    gtu_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_LOSS] = 2; /* o wins */
    gtu_stats(&g)->games[RULE_NORMAL][STATS_TABLE_2P][STATS_DRAW] = 1;
    gtu_stats_show(&g);
    game_frame(&g, &f);
    assert_int_equal(bar_height(&f, 0), 0);
    assert_int_equal(bar_height(&f, 1), 2); /* 1.5 rows, a half up */
    assert_int_equal(bar_height(&f, 2), 3);
    /* other displays keep no dim cells (the lamp test) */
    gtu_tick(&g, GAME_STATS_RESULTS_MS + GAME_STATS_PLAYED_MS);
    game_lamp(&g);
    game_frame(&g, &f);
    assert_int_equal(f.dim, 0);
}

/* stats_bar_rows() against its definition: every count of every largest count below
 * 2048 (where no halving happens) exactly; above, to 65535, the counts at each rounding
 * boundary within 1 % of a row, growing with the count. */
static unsigned rows_exact(uint32_t c, uint32_t t)
{
    unsigned h = (unsigned)((2u * BARS_ROWS * c + t) / (2u * t));
    return c && !h ? 1u : h;
}

static void test_bar_rows(void **state)
{
    (void)state;
    for (uint32_t t = 1; t < 2048u; t++) {
        for (uint32_t c = 0; c <= t; c++) {
            assert_int_equal(stats_bar_rows((uint16_t)c, (uint16_t)t), rows_exact(c, t));
        }
    }
    for (uint32_t t = 2048u; t <= UINT16_MAX; t++) {
        unsigned before = 0;
        for (uint32_t k = 0; k <= 2u * BARS_ROWS; k++) {
            uint32_t edge = k * t / (2u * BARS_ROWS);
            for (uint32_t c = edge > 2u ? edge - 2u : 0u; c <= edge + 2u && c <= t; c++) {
                unsigned h = stats_bar_rows((uint16_t)c, (uint16_t)t);
                /* |2 h t - 6 c| <= t (1 + 1/100), and monotonic */
                uint64_t lhs = 2u * (uint64_t)h * t, rhs = 2u * BARS_ROWS * (uint64_t)c;
                assert_true((lhs > rhs ? lhs - rhs : rhs - lhs) * 100u <= 101u * (uint64_t)t ||
                            (h == 1u && c > 0u));
                assert_true(h >= before && (!c == !h));
                before = h;
            }
        }
    }
    assert_int_equal(stats_bar_rows(0, 0), 0); /* no games at all */
    assert_int_equal(stats_bar_rows(5, 3), BARS_ROWS); /* more than the largest: full */
    assert_int_equal(stats_bar_rows(1, UINT16_MAX), 1);
}

/* The second picture: played out (left, yellow, full) against abandoned (right, red,
 * blinking), each in proportion; the middle column dark, column 1 always yellow (a bar
 * or the frame: no board looks like it). Shown after the first, until the end. */
static void check_second_picture(game_t *g, unsigned w, unsigned d, unsigned l, unsigned a)
{
    leds_frame_t f;
    uint32_t played = (uint32_t)w + d + l, top = played > a ? played : a;
    show_stats_a(g, w, d, l, a, &f);
    assert_int_equal(game_state(g), GAME_ST_STATS_RESULTS);
    gtu_tick(g, GAME_STATS_RESULTS_MS - 1u); /* its last ms */
    assert_int_equal(game_state(g), GAME_ST_STATS_RESULTS);
    game_frame(g, &f);
    assert_int_equal(f.red & f.green & f.dim & 0x092u, 0x092u); /* the first: middle lit */
    gtu_tick(g, 1);
    game_frame(g, &f);
    assert_int_equal((f.red | f.green | f.dim | f.blink) & 0x092u, 0); /* the middle dark */
    assert_int_equal(bar_of(&f, 0, CLS_PLAYED), top ? rows_exact(played, top) : 0u);
    assert_int_equal(bar_of(&f, 2, CLS_LOSS), top ? rows_exact(a, top) : 0u);
    assert_int_equal(f.red & f.green & 0x049u, 0x049u); /* column 1 yellow */
    gtu_tick(g, GAME_STATS_PLAYED_MS - 1u);
    game_frame(g, &f);
    assert_int_equal(f.green & 0x049u, 0x049u);
    gtu_tick(g, 1);
    game_frame(g, &f);
    assert_int_equal(f.red | f.green, 0); /* over */
}

static void test_stats_abandoned_picture(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    for (unsigned p = 0; p <= 24; p++) {
        for (unsigned a = 0; a <= 24; a++) {
            check_second_picture(&g, p / 3u + p % 3u, p / 3u, p / 3u, a);
        }
    }
    /* three full counts: 180000 played out, beyond 16 bits */
    check_second_picture(&g, STATS_COUNT_MAX, STATS_COUNT_MAX, STATS_COUNT_MAX, STATS_COUNT_MAX);
    check_second_picture(&g, 0, 0, 1, STATS_COUNT_MAX);
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1); /* two players: the same */
    check_second_picture(&g, 2, 1, 0, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_takes_effect_next_game),
        cmocka_unit_test(test_next_game_plays_at_new_level),
        cmocka_unit_test(test_abandoned),
        cmocka_unit_test(test_stats_display),
        cmocka_unit_test(test_stats_display_table),
        cmocka_unit_test(test_bar_rows),
        cmocka_unit_test(test_stats_abandoned_picture),
    };
    return cmocka_run_group_tests_name("game_stats", tests, setup, NULL);
}
