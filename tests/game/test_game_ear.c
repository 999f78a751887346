/* tests/game/test_game_ear.c - the board played by ear (firmware/README.md, "Play by
 * ear"): the cells' voices (a scale, a pitch per cell, X and O told apart by rhythm), the
 * setting's filter over every voice and setting, every move singing its cell and mark
 * (the person's, the other player's, the AI's), a long press hearing a cell without a
 * move on every cell and mark, and the board read aloud from every legal position; the
 * gestures that were there before keep their meaning. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine.h"
#include "game.h"
#include "game_test_util.h"
#include "menu.h"
#include "sounds.h"

static int setup(void **state)
{
    (void)state;
    engine_init();
    return 0;
}

typedef struct {
    uint16_t hz, ms;
} note_t;

#define CELL_HZ(cell, hz) hz,
static const uint16_t cell_hz[POS_CELLS] = {SOUNDS_CELLS(CELL_HZ)};

/* A mark's notes at 1000 Hz (the rhythm), into n; their count. */
#define NOTE(hz, ms) {hz, ms},
#define MARK_ROWS(mark, cell, notes)                                                               \
    if (want == SOUNDS_MARK_##mark) {                                                              \
        static const note_t rows[] = {notes};                                                      \
        memcpy(n, rows, sizeof rows);                                                              \
        return sizeof rows / sizeof rows[0];                                                       \
    }
static unsigned mark_notes(uint8_t want, note_t *n)
{
    SOUNDS_MARKS(MARK_ROWS, NOTE, 0, 1000)
    return 0;
}

/* The scale: nine pitches rising in reading order, each at least 5 % over the one
 * before, the centre's C (4000 Hz) its tonic. */
static void test_cells_a_scale(void **state)
{
    (void)state;
    assert_int_equal(SOUNDS_CELLS_N, POS_CELLS);
    assert_int_equal(cell_hz[4], 4000);
    for (unsigned c = 1; c < POS_CELLS; c++) {
        assert_true(20u * cell_hz[c] >= 21u * cell_hz[c - 1]);
    }
}

/* The rhythms: X one note, O two equal short notes with a rest between, an empty cell
 * one note; each at its cell's pitch only; X and the empty cell's one note told apart by
 * length (a factor of 2 or more), O by its two; each at most GAME_READ_STEP_MS less the
 * 50 ms that parts two cells read aloud. */
static void test_marks_rhythms(void **state)
{
    note_t x[8], o[8], e[8];
    (void)state;
    assert_int_equal(mark_notes(SOUNDS_MARK_x, x), 1);
    assert_int_equal(mark_notes(SOUNDS_MARK_empty, e), 1);
    assert_int_equal(mark_notes(SOUNDS_MARK_o, o), 3);
    assert_true(x[0].hz == 1000 && e[0].hz == 1000);
    assert_true(o[0].hz == 1000 && o[1].hz == 0 && o[2].hz == 1000);
    assert_true(o[0].ms == o[2].ms && o[1].ms >= 20u);
    assert_true(x[0].ms >= 2u * e[0].ms && x[0].ms >= 2u * o[0].ms);
    assert_true(e[0].ms >= 10u);
    assert_true(x[0].ms + 50u <= GAME_READ_STEP_MS &&
                o[0].ms + o[1].ms + o[2].ms + 50u <= GAME_READ_STEP_MS);
    assert_int_equal(SOUNDS_MARK_MS_x, x[0].ms);
    assert_int_equal(SOUNDS_MARK_MS_o, o[0].ms + o[1].ms + o[2].ms);
}

/* Every id and setting: the table's sounds as before; a voice plays at `on` (a move's),
 * asked for at `on` and `quiet` (a gesture's), never at `off`; no id past the voices, not
 * SOUNDS_NONE; the ids are distinct, past the table's. */
static void test_voices_filter(void **state)
{
    (void)state;
    for (unsigned id = 0; id < 256u; id++) {
        bool table = id < SOUNDS_N, voice = id > SOUNDS_N && id < SOUNDS_IDS;
        bool result = table && ((SOUNDS_QUIET >> id) & 1u);
        for (uint8_t s = 0; s <= SOUNDS_SETTINGS; s++) {
            bool on = s == SOUNDS_ON, quiet = s == SOUNDS_QUIET_ONLY;
            assert_int_equal(sounds_allowed(s, (uint8_t)id),
                             ((table || voice) && on) || (result && quiet));
            assert_int_equal(sounds_asked(s, (uint8_t)id), (table || voice) && (on || quiet));
        }
    }
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        for (uint8_t m = 0; m < SOUNDS_MARK_N; m++) {
            assert_int_equal(SOUNDS_VOICE(m, c), SOUNDS_N + 1u + c * SOUNDS_MARK_N + m);
        }
    }
    assert_int_equal(SOUNDS_VOICE(SOUNDS_MARK_N - 1u, POS_CELLS - 1u), SOUNDS_IDS - 1);
}

static uint8_t voice(uint8_t mark, uint8_t cell)
{
    return SOUNDS_VOICE(mark, cell);
}

/* Two players, every first move and every answer to it: each sings its cell, X in X's
 * rhythm and O in O's; the console's move too. */
static void test_moves_sing_two_players(void **state)
{
    game_t g;
    (void)state;
    for (uint8_t a = 0; a < POS_CELLS; a++) {
        for (uint8_t b = 0; b < POS_CELLS; b++) {
            if (a == b) {
                continue;
            }
            gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
            gtu_tap(&g, a);
            assert_int_equal(game_take_sound(&g), voice(SOUNDS_MARK_x, a));
            gtu_tick(&g, GAME_BURST_MS);
            assert_int_equal(game_person_move(&g, b), GAME_OK);
            assert_int_equal(game_take_sound(&g), voice(SOUNDS_MARK_o, b));
        }
    }
}

/* Against the AI, either side: the AI's move sings its cell in its mark's rhythm, at
 * `on`; at `quiet` and `off`, moves are silent. */
static void test_ai_sings(void **state)
{
    static const uint8_t modes[2] = {GAME_MODE_AI_X, GAME_MODE_AI_O};
    (void)state;
    for (unsigned m = 0; m < 2; m++) {
        for (uint8_t s = 0; s < SOUNDS_SETTINGS; s++) {
            game_t g;
            gtu_start(&g, modes[m], LEVEL_EASY, (uint16_t)(7u + s));
            game_set_sound(&g, s);
            if (modes[m] == GAME_MODE_AI_X) {
                gtu_tap(&g, 0);
                assert_int_equal(game_take_sound(&g),
                                 s == SOUNDS_ON ? voice(SOUNDS_MARK_x, 0) : SOUNDS_NONE);
            }
            gtu_tick(&g, GAME_AI_DELAY_MS + 1u);
            uint16_t ai = modes[m] == GAME_MODE_AI_X ? game_pos(&g).o : game_pos(&g).x;
            assert_int_equal(pos_count(ai), 1);
            uint8_t cell = (uint8_t)__builtin_ctz(ai);
            uint8_t mark = modes[m] == GAME_MODE_AI_X ? SOUNDS_MARK_o : SOUNDS_MARK_x;
            assert_int_equal(game_take_sound(&g), s == SOUNDS_ON ? voice(mark, cell) : SOUNDS_NONE);
        }
    }
}

/* Press cell `cell` for ms, release, a ms more: the sound at the release. */
static uint8_t press_for(game_t *g, uint8_t cell, uint16_t ms)
{
    gtu_ev(g, KEY_EV_PRESS, cell);
    gtu_tick(g, ms);
    assert_int_equal(game_take_sound(g), SOUNDS_NONE); /* nothing while held */
    gtu_ev(g, KEY_EV_RELEASE, cell);
    return game_take_sound(g);
}

/* A cell heard, every cell, empty, X and O, each setting: a long press sings it (an
 * empty cell its tick) and moves nothing (the hint or the analysis shows, as before);
 * `quiet` too, `off` not. */
static void test_hear_one_cell(void **state)
{
    (void)state;
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        for (uint8_t s = 0; s < SOUNDS_SETTINGS; s++) {
            for (uint8_t m = 0; m < SOUNDS_MARK_N; m++) {
                game_t g;
                pos_t p = {0, 0};
                uint8_t other = (uint8_t)((c + 1u) % POS_CELLS);
                if (m == SOUNDS_MARK_x) {
                    p = (pos_t){(uint16_t)(1u << c), (uint16_t)(1u << other)};
                } else if (m == SOUNDS_MARK_o) {
                    p = (pos_t){(uint16_t)(1u << other), (uint16_t)(1u << c)};
                }
                gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
                game_set_sound(&g, s);
                gtu_place(&g, p);
                uint8_t heard = press_for(&g, c, GAME_LONG_MS);
                assert_int_equal(heard, s == SOUNDS_OFF ? SOUNDS_NONE : voice(m, c));
                gtu_assert_pos(&g, p);
                assert_int_equal(game_state(&g),
                                 m == SOUNDS_MARK_empty ? GAME_ST_HINT : GAME_ST_ANALYSIS);
            }
        }
    }
}

/* The board read aloud from p, setting s, by a hold on `cell`: the click at the release,
 * then cell k's voice (X or O) or nothing GAME_READ_STEP_MS * (k + 1) after it, silence
 * between, the cell read lit yellow, the board back after the ninth, the position
 * unchanged. */
static void read_board(pos_t p, uint8_t cell, uint8_t s)
{
    game_t g;
    bool sound = s != SOUNDS_OFF;
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    game_set_sound(&g, s);
    gtu_place(&g, p);
    assert_int_equal(press_for(&g, cell, GAME_MENU_HOLD_MS), sound ? SOUNDS_click : SOUNDS_NONE);
    assert_int_equal(game_state(&g), GAME_ST_READ);
    for (uint8_t k = 0; k < POS_CELLS; k++) {
        uint16_t bit = (uint16_t)(1u << k);
        uint8_t want = (p.x & bit)   ? voice(SOUNDS_MARK_x, k)
                       : (p.o & bit) ? voice(SOUNDS_MARK_o, k)
                                     : SOUNDS_NONE;
        game_tick(&g, GAME_READ_STEP_MS - 1u);
        assert_int_equal(game_take_sound(&g), SOUNDS_NONE);
        game_tick(&g, 1);
        assert_int_equal(game_take_sound(&g), sound ? want : SOUNDS_NONE);
        assert_int_equal(game_state(&g), GAME_ST_READ);
        assert_int_equal(gtu_cell(&g, k) & 3u, LED_YELLOW);
    }
    game_tick(&g, GAME_READ_STEP_MS);
    assert_int_equal(game_take_sound(&g), SOUNDS_NONE);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    gtu_assert_pos(&g, p);
    gtu_discard_reports(&g);
}

/* Every legal unfinished position, held on a corner, an edge, every setting in turn. */
static void test_read_every_board(void **state)
{
    unsigned boards = 0;
    (void)state;
    for (uint16_t x = 0; x < 512u; x++) {
        for (uint16_t o = 0; o < 512u; o++) {
            pos_t p = {x, o};
            if ((x & o) || !pos_is_legal(p) || pos_is_over(p)) {
                continue;
            }
            read_board(p, boards & 1u ? 1u : 8u, (uint8_t)(boards % SOUNDS_SETTINGS));
            boards++;
        }
    }
    assert_true(boards > 4000u);
}

/* The reading stops at a key: the press acts on the board (a tap moves); a game over is
 * read too (a hold is no longer the statistics' long press); the centre's hold still
 * opens the menu, a tap still moves, two keys still make a void press. */
static void test_read_gestures(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_place(&g, (pos_t){0x001, 0x002});
    (void)press_for(&g, 8, GAME_MENU_HOLD_MS);
    game_tick(&g, GAME_READ_STEP_MS);
    assert_int_equal(game_take_sound(&g), voice(SOUNDS_MARK_x, 0));
    gtu_tick(&g, GAME_MENU_GAP_MS); /* unhurried */
    gtu_tap(&g, 5);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    assert_int_equal(game_pos(&g).x, 0x021);
    assert_int_equal(game_take_sound(&g), voice(SOUNDS_MARK_x, 5));
    gtu_place(&g, (pos_t){0x003, 0x018});
    gtu_tap(&g, 2);
    assert_true(game_over(&g));
    gtu_settle(&g);
    (void)game_take_sound(&g);
    assert_int_equal(press_for(&g, 6, GAME_MENU_HOLD_MS), SOUNDS_click);
    assert_int_equal(game_state(&g), GAME_ST_READ);
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    (void)press_for(&g, GAME_MENU_OPEN_CELL, GAME_MENU_HOLD_MS);
    assert_true(game_menu_open(&g));
    gtu_start(&g, GAME_MODE_2P, LEVEL_PERFECT, 1);
    gtu_ev(&g, KEY_EV_PRESS, 0);
    gtu_ev(&g, KEY_EV_PRESS, 1);
    gtu_tick(&g, GAME_MENU_HOLD_MS);
    gtu_ev(&g, KEY_EV_RELEASE, 0);
    gtu_ev(&g, KEY_EV_RELEASE, 1);
    gtu_tick(&g, GAME_READ_STEP_MS);
    assert_int_equal(game_state(&g), GAME_ST_BOARD);
    assert_int_equal(game_pos(&g).x | game_pos(&g).o, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cells_a_scale),          cmocka_unit_test(test_marks_rhythms),
        cmocka_unit_test(test_voices_filter),          cmocka_unit_test(test_moves_sing_two_players),
        cmocka_unit_test(test_ai_sings),               cmocka_unit_test(test_hear_one_cell),
        cmocka_unit_test(test_read_every_board),       cmocka_unit_test(test_read_gestures),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
