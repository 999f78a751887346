/* tests/game/test_game_sounds.c - the game's sounds (firmware/README.md, "Sound"): the
 * table itself (distinct notes, short sounds, the melodies' shapes, every two sounds told
 * apart, room for the cells' pitches), the setting's filter over every setting
 * and sound, which event asks for which sound (a click at an accepted release, the low
 * buzz where a press flickers as ignored, the AI's move, the results, the menu, the
 * wake-up), a result never replaced in the same step, the menu's sound cell stepping
 * on, quiet, off, and the record before sound migrating with sound on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine.h"
#include "play.h"
#include "game.h"
#include "game_test_util.h"
#include "menu.h"
#include "sounds.h"

static int setup(void **state)
{
    (void)state;
    play_init();
    return 0;
}

typedef struct {
    uint8_t id;
    uint16_t hz, ms;
} note_t;
#define NOTE_ROW(hz, ms) {ID, hz, ms},
#define SOUND_ROWS(name, when, quiet, notes)                                                       \
    {                                                                                              \
        enum { ID = SOUNDS_##name };                                                               \
        static const note_t rows[] = {notes};                                                      \
        memcpy(n + count, rows, sizeof rows);                                                      \
        count += sizeof rows / sizeof rows[0];                                                     \
    }

/* a and b (Hz) within 5 % of the higher: too close to tell two sounds apart by. */
static bool within_5_percent(uint16_t a, uint16_t b)
{
    return 20u * (unsigned)(a > b ? a - b : b - a) < (a > b ? a : b);
}

/* Every note of the table, with its sound's id. */
static unsigned table_notes(note_t *n)
{
    unsigned count = 0;
    SOUNDS(SOUND_ROWS, NOTE_ROW)
    return count;
}

/* Two sounds never share a note within 5 % (the listening tests tell them apart by
 * frequency within 1 %); each sound is short: at most 0.6 s, each note 5 ms or more. */
static void test_table_distinct_and_short(void **state)
{
    note_t n[64];
    unsigned count = table_notes(n), total[SOUNDS_N] = {0};
    (void)state;
    assert_true(count >= SOUNDS_N);
    for (unsigned i = 0; i < count; i++) {
        assert_true(n[i].ms >= 5u);
        total[n[i].id] += n[i].ms;
        for (unsigned k = 0; k < count; k++) {
            if (n[i].id == n[k].id || !n[i].hz || !n[k].hz) {
                continue;
            }
            if (within_5_percent(n[i].hz, n[k].hz)) {
                fail_msg("sounds %u and %u: %u Hz and %u Hz within 5 %%", n[i].id, n[k].id,
                         n[i].hz, n[k].hz);
            }
        }
    }
    for (unsigned id = 0; id < SOUNDS_N; id++) {
        assert_true(total[id] > 0 && total[id] <= 600u);
    }
}

/* A sound's tones: its notes, a rest marking the tone after it, a note repeated with no
 * rest between joined to the one before; their count. */
typedef struct {
    uint16_t hz, ms;
    bool after_rest;
} tone_t;

static unsigned sound_tones(uint8_t id, tone_t *t, unsigned *length)
{
    note_t n[64];
    unsigned count = table_notes(n), k = 0;
    bool rest = false;
    *length = 0;
    for (unsigned i = 0; i < count; i++) {
        if (n[i].id != id) {
            continue;
        }
        *length += n[i].ms;
        if (!n[i].hz) {
            rest = true;
        } else if (k && !rest && t[k - 1].hz == n[i].hz) {
            t[k - 1].ms = (uint16_t)(t[k - 1].ms + n[i].ms);
        } else {
            t[k++] = (tone_t){n[i].hz, n[i].ms, rest};
            rest = false;
        }
    }
    return k;
}

/* A sound's figure, as the ear tells sounds apart: a letter per step from one tone to the
 * next (u up, d down, s the same), upper case where a rest comes between. */
static void sound_figure(uint8_t id, char *fig, unsigned *length)
{
    tone_t t[32];
    unsigned k = sound_tones(id, t, length);
    for (unsigned i = 1; i < k; i++) {
        char c = t[i].hz > t[i - 1].hz ? 'u' : t[i].hz < t[i - 1].hz ? 'd' : 's';
        fig[i - 1] = (char)(t[i].after_rest ? c - 'a' + 'A' : c);
    }
    fig[k ? k - 1 : 0] = '\0';
}

/* The melodies keep their shapes: the win rises, the loss falls, tone by tone, each
 * ending on its longest; the draw is two equal notes with a rest between; the menu
 * opens rising and closes falling. */
static void test_table_shapes(void **state)
{
    static const struct {
        uint8_t id;
        const char *figure;
    } shapes[] = {{SOUNDS_win, "uu"},      {SOUNDS_loss, "dd"},       {SOUNDS_draw, "S"},
                  {SOUNDS_menu_open, "u"}, {SOUNDS_menu_close, "d"}};
    (void)state;
    for (unsigned i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        char fig[32];
        unsigned length;
        tone_t t[32];
        sound_figure(shapes[i].id, fig, &length);
        assert_string_equal(fig, shapes[i].figure);
        unsigned k = sound_tones(shapes[i].id, t, &length);
        for (unsigned j = 0; j + 1 < k && shapes[i].id != SOUNDS_draw; j++) {
            assert_true(t[k - 1].ms > t[j].ms);
        }
    }
}

/* Every two sounds are told apart: a different figure, or lengths at least a factor of
 * 2 apart (a 10 ms tick and a 40 ms beep; two rising chirps of 120 and 150 ms are not). */
static void test_table_pairs_distinct(void **state)
{
    (void)state;
    for (uint8_t a = 0; a < SOUNDS_N; a++) {
        for (uint8_t b = (uint8_t)(a + 1u); b < SOUNDS_N; b++) {
            char fa[32], fb[32];
            unsigned la, lb;
            sound_figure(a, fa, &la);
            sound_figure(b, fb, &lb);
            if (!strcmp(fa, fb) && (la > lb ? la : lb) < 2u * (la < lb ? la : lb)) {
                fail_msg("sounds %u and %u alike: figure '%s', %u and %u ms", a, b, fa, la, lb);
            }
        }
    }
}

/* Room for the cells' own pitches (sounds.h, SOUNDS_CELLS; each cell a pitch, X and O
 * told apart by rhythm): a sound of a single pitch (a rhythm of one tone, which a cell's
 * is) is at least 5 % from each of them; the melodies are told from a cell by their
 * figures, the buzz by its eight pips (test_game_ear.c). */
#define CELL_HZ(cell, hz) hz,
static const uint16_t cell_room[POS_CELLS] = {SOUNDS_CELLS(CELL_HZ)};

static void test_table_room_for_cells(void **state)
{
    (void)state;
    for (uint8_t id = 0; id < SOUNDS_N; id++) {
        tone_t t[32];
        unsigned length, k = sound_tones(id, t, &length);
        bool one_pitch = true;
        for (unsigned i = 1; i < k; i++) {
            one_pitch = one_pitch && t[i].hz == t[0].hz;
        }
        for (unsigned c = 0; one_pitch && id != SOUNDS_ignored && c < POS_CELLS; c++) {
            if (within_5_percent(t[0].hz, cell_room[c])) {
                fail_msg("sound %u: %u Hz within 5 %% of cell %u's %u Hz", id, t[0].hz, c + 1,
                         cell_room[c]);
            }
        }
    }
}

/* on: every sound; quiet: the results (win, loss, draw) only; off: none; no sound past
 * the table, and no setting past off. */
static void test_filter_every_setting(void **state)
{
    (void)state;
    assert_int_equal(SOUNDS_QUIET,
                     (1u << SOUNDS_win) | (1u << SOUNDS_loss) | (1u << SOUNDS_draw));
    for (uint8_t id = 0; id <= SOUNDS_N; id++) {
        bool result = id == SOUNDS_win || id == SOUNDS_loss || id == SOUNDS_draw;
        assert_int_equal(sounds_allowed(SOUNDS_ON, id), id < SOUNDS_N);
        assert_int_equal(sounds_allowed(SOUNDS_QUIET_ONLY, id), result);
        assert_false(sounds_allowed(SOUNDS_OFF, id));
        assert_false(sounds_allowed(SOUNDS_SETTINGS, id));
    }
}

static uint8_t take(game_t *g)
{
    return game_take_sound(g);
}

/* The person's presses: an accepted tap that moves sings its cell at its release
 * (nothing at the press), so does the AI's move, a taken cell and two keys at once buzz,
 * and so does a press during the AI's turn (each flickers or blinks as not counted); a
 * long press clicks where it has nothing to say of a cell (the statistics). */
static void test_presses(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    assert_int_equal(take(&g), SOUNDS_NONE); /* no sound for the greeting */
    gtu_ev(&g, KEY_EV_PRESS, 0);
    assert_int_equal(take(&g), SOUNDS_NONE);
    gtu_ev(&g, KEY_EV_RELEASE, 0);
    assert_int_equal(take(&g), SOUNDS_VOICE(SOUNDS_MARK_x, 0));
    gtu_ev(&g, KEY_EV_PRESS, 8);
    assert_int_equal(take(&g), SOUNDS_ignored); /* the AI's turn: flickers */
    gtu_ev(&g, KEY_EV_RELEASE, 8);
    assert_int_equal(take(&g), SOUNDS_NONE);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_int_equal(game_pos(&g).o, 1u << 4); /* the perfect answer to a corner */
    assert_int_equal(take(&g), SOUNDS_VOICE(SOUNDS_MARK_o, 4));
    gtu_tick(&g, GAME_BURST_MS); /* a person's pace, no toddler's burst */
    gtu_tap(&g, 0);
    assert_int_equal(take(&g), SOUNDS_ignored); /* taken */
    gtu_ev(&g, KEY_EV_PRESS, 1);
    gtu_ev(&g, KEY_EV_PRESS, 2);
    assert_int_equal(take(&g), SOUNDS_ignored); /* two at once */
    gtu_ev(&g, KEY_EV_RELEASE, 1);
    gtu_ev(&g, KEY_EV_RELEASE, 2);
    assert_int_equal(take(&g), SOUNDS_NONE);
    gtu_long(&g, 0); /* the analysis: the cell heard */
    assert_int_equal(take(&g), SOUNDS_VOICE(SOUNDS_MARK_x, 0));
    gtu_tap(&g, 1); /* only ends the analysis: ignored */
    assert_int_equal(take(&g), SOUNDS_ignored);
}

/* x to move on x x . / o o . / . . .: cell 3 wins for x. */
static void near_win(game_t *g, uint8_t mode, uint8_t setting)
{
    gtu_start(g, mode, LEVEL_PERFECT, 1);
    game_set_sound(g, setting);
    gtu_place(g, (pos_t){0x003, 0x018});
    take(g);
}

/* The results, at the tap that ends the game (its click does not replace them): the
 * person's win, draw and loss against the AI; two players, either winner's a win. At
 * `sound quiet` the results still play and the clicks do not; `off`, nothing. */
static void test_results(void **state)
{
    game_t g;
    (void)state;
    near_win(&g, GAME_MODE_AI_X, SOUNDS_ON);
    gtu_tap(&g, 2);
    assert_true(game_over(&g));
    assert_int_equal(take(&g), SOUNDS_win);
    gtu_settle(&g);
    gtu_long(&g, 8); /* the statistics: nothing of a cell to say, a click */
    assert_int_equal(game_state(&g), GAME_ST_STATS_RESULTS);
    assert_int_equal(take(&g), SOUNDS_click);
    near_win(&g, GAME_MODE_2P, SOUNDS_ON);
    gtu_tap(&g, 6);
    gtu_tap(&g, 5); /* o wins */
    assert_int_equal(game_winner(&g), PLAYER_O);
    assert_int_equal(take(&g), SOUNDS_win);
    near_win(&g, GAME_MODE_AI_O, SOUNDS_QUIET_ONLY); /* the AI is x: it wins */
    gtu_tick(&g, 1);
    assert_int_equal(game_winner(&g), PLAYER_X);
    assert_int_equal(take(&g), SOUNDS_loss);
    near_win(&g, GAME_MODE_AI_O, SOUNDS_ON); /* the AI wins as a held key turns stuck */
    gtu_ev(&g, KEY_EV_PRESS, 8);
    assert_int_equal(take(&g), SOUNDS_ignored);
    game_tick(&g, GAME_STUCK_MS);
    assert_true(game_over(&g) && game_stuck_keys(&g) == 1u << 8);
    assert_int_equal(take(&g), SOUNDS_loss); /* not the stuck key's buzz after it */
    near_win(&g, GAME_MODE_2P, SOUNDS_QUIET_ONLY);
    gtu_place(&g, (pos_t){0x08D, 0x072}); /* x o x / x o o / o x . : x to move, a draw */
    gtu_tap(&g, 8);
    assert_true(game_over(&g) && game_winner(&g) == PLAYER_NONE);
    assert_int_equal(take(&g), SOUNDS_draw);
    near_win(&g, GAME_MODE_AI_X, SOUNDS_QUIET_ONLY);
    gtu_tap(&g, 5); /* no result: the click stays quiet, and the AI's move */
    assert_int_equal(take(&g), SOUNDS_NONE);
    gtu_tick(&g, GAME_AI_DELAY_MS);
    assert_int_equal(gtu_marks(&g), 6);
    assert_int_equal(take(&g), SOUNDS_NONE);
    near_win(&g, GAME_MODE_AI_X, SOUNDS_OFF);
    gtu_tap(&g, 2);
    assert_true(game_over(&g));
    assert_int_equal(take(&g), SOUNDS_NONE);
    gtu_tap(&g, 2); /* a new game: the click off too */
    assert_int_equal(take(&g), SOUNDS_NONE);
}

/* The menu: its hold opens it with a sound, a tap that chooses clicks, every way it
 * closes unchanged sounds its own falling notes (a hurried press elsewhere, GAME_MENU_MS, the close cell), a
 * pick clicks (a mode pick too); the sound's cell steps on, quiet, off, on, its frame full, dimmed,
 * dimmed and blinking, its click heard only where it lands on. */
static void test_menu_sounds(void **state)
{
    game_t g;
    (void)state;
    gtu_start(&g, GAME_MODE_AI_X, LEVEL_PERFECT, 1);
    gtu_open(&g);
    assert_int_equal(take(&g), SOUNDS_menu_open);
    gtu_pause(&g);
    gtu_tap(&g, 3);
    assert_int_equal(take(&g), SOUNDS_click);
    gtu_long(&g, 0);
    assert_int_equal(take(&g), SOUNDS_menu_close);
    gtu_open(&g);
    gtu_tick(&g, GAME_MENU_MS);
    assert_false(game_menu_open(&g));
    assert_int_equal(take(&g), SOUNDS_menu_close);
    gtu_open(&g);
    gtu_tap(&g, GTU_MENU_CLOSE);
    assert_false(game_menu_open(&g));
    assert_int_equal(take(&g), SOUNDS_menu_close);
    assert_int_equal(gtu_take_save(&g), 0);
    gtu_menu(&g, GTU_MENU_MODEAI_X);
    assert_int_equal(take(&g), SOUNDS_click);
    static const uint8_t steps[4] = {SOUNDS_QUIET_ONLY, SOUNDS_OFF, SOUNDS_ON, SOUNDS_QUIET_ONLY};
    static const uint8_t looks[4] = {LED_YELLOW | LED_DIM, LED_YELLOW | LED_DIM | LED_BLINK,
                                     LED_YELLOW, LED_YELLOW | LED_DIM};
    gtu_menu(&g, GTU_MENU_SOUND);
    for (unsigned i = 0; i < 4; i++) {
        if (i) {
            gtu_pause(&g);
            gtu_long(&g, GTU_MENU_SOUND);
        }
        assert_true(game_menu_open(&g));
        assert_int_equal(game_settings(&g)->sound, steps[i]);
        assert_int_equal(gtu_last_report(GAME_REP_SOUND)->value, steps[i]);
        assert_int_equal(gtu_take_save(&g), 1);
        assert_int_equal(take(&g), steps[i] == SOUNDS_ON ? SOUNDS_click : SOUNDS_NONE);
        gtu_tick(&g, 1);
        assert_int_equal(gtu_menu_look(&g, GTU_MENU_SOUND), looks[i]); /* unchosen: the state */
    }
    gtu_tap(&g, 4);
    assert_int_equal(take(&g), SOUNDS_NONE); /* quiet: the menu closes silently */
    game_set_sound(&g, SOUNDS_ON);
    game_wake(&g);
    assert_int_equal(take(&g), SOUNDS_wake);
    gtu_ev(&g, KEY_EV_PRESS, 0); /* the waking key: flickers, its wake sound plays on */
    assert_int_equal(take(&g), SOUNDS_NONE);
    assert_int_not_equal(gtu_flickering(&g), 0);
    gtu_ev(&g, KEY_EV_RELEASE, 0);
    gtu_tick(&g, GAME_WAKE_GUARD_MS);
    gtu_ev(&g, KEY_EV_PRESS, 0); /* after the guard, an ignored press buzzes again */
    gtu_ev(&g, KEY_EV_PRESS, 1);
    assert_int_equal(take(&g), SOUNDS_ignored);
    gtu_ev(&g, KEY_EV_RELEASE, 0);
    gtu_ev(&g, KEY_EV_RELEASE, 1);
    game_set_sound(&g, SOUNDS_SETTINGS); /* out of range: ignored */
    assert_int_equal(game_settings(&g)->sound, SOUNDS_ON);
}

/* Record 1 in the layout before sound (5 bytes): its settings kept, sound on, saved in
 * today's; out of range, the defaults; today's record with a bad sound, the defaults. */
static void test_record_before_sound(void **state)
{
    settings_t s = {STATS_FORMAT, GAME_MODE_AI_O, LEVEL_EASY, 0, LEDS_BRIGHT_NIGHT, 0xEE, 0xEE};
    settings_t keep = s;
    stats_t st;
    stats_old_t old;
    (void)state;
    memset(&st, 0, sizeof st);
    memset(&old, 0, sizeof old);
    uint8_t todo = stats_load(&s, &st, &old, STATS_HAVE_NO_SOUND);
    assert_true(todo & STATS_SAVE_SETTINGS);
    assert_int_equal(s.sound, SOUNDS_ON);
    keep.sound = SOUNDS_ON;
    keep.game = RULE_NORMAL; /* before the game choice too: the normal game */
    assert_memory_equal(&s, &keep, sizeof s);
    s.mode = GAME_MODES;
    todo = stats_load(&s, &st, &old, STATS_HAVE_NO_SOUND);
    stats_settings_default(&keep);
    assert_memory_equal(&s, &keep, sizeof s);
    s.sound = SOUNDS_SETTINGS;
    todo = stats_load(&s, &st, &old, STATS_HAVE_SETTINGS);
    assert_memory_equal(&s, &keep, sizeof s);
    s.sound = SOUNDS_OFF;
    todo = stats_load(&s, &st, &old, STATS_HAVE_SETTINGS);
    assert_int_equal(s.sound, SOUNDS_OFF);
    assert_false(todo & STATS_SAVE_SETTINGS);
}

/* Record 1 in the layout before the game choice (6 bytes): its settings kept, the
 * normal game, saved in today's; today's record with a game out of range, the defaults. */
static void test_record_before_game(void **state)
{
    settings_t s = {STATS_FORMAT, GAME_MODE_2P, LEVEL_MEDIUM, 1, LEDS_BRIGHT_NIGHT, SOUNDS_OFF, 0xEE};
    settings_t keep = s;
    stats_t st;
    stats_old_t old;
    (void)state;
    memset(&st, 0, sizeof st);
    memset(&old, 0, sizeof old);
    uint8_t todo = stats_load(&s, &st, &old, STATS_HAVE_NO_GAME);
    assert_true(todo & STATS_SAVE_SETTINGS);
    keep.game = RULE_NORMAL;
    assert_memory_equal(&s, &keep, sizeof s);
    s.game = RULE_COUNT;
    (void)stats_load(&s, &st, &old, STATS_HAVE_SETTINGS);
    stats_settings_default(&keep);
    assert_memory_equal(&s, &keep, sizeof s);
    s.game = RULE_FADING;
    todo = stats_load(&s, &st, &old, STATS_HAVE_SETTINGS);
    assert_int_equal(s.game, RULE_FADING);
    assert_false(todo & STATS_SAVE_SETTINGS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_distinct_and_short),
        cmocka_unit_test(test_table_shapes),
        cmocka_unit_test(test_table_pairs_distinct),
        cmocka_unit_test(test_table_room_for_cells),
        cmocka_unit_test(test_filter_every_setting),
        cmocka_unit_test(test_presses),
        cmocka_unit_test(test_results),
        cmocka_unit_test(test_menu_sounds),
        cmocka_unit_test(test_record_before_sound),
        cmocka_unit_test(test_record_before_game),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
