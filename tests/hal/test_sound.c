/* tests/hal/test_sound.c - the sounder's contract (hal/sound.h) on the host fake, which
 * steps notes with the chip's own code (sound_step.h): each note starts on the step its
 * predecessors' lengths add up to, a rest and the end are silent, a new sound cuts the
 * one under way short, NULL stops; and the note arithmetic, exhaustively over 31 Hz to
 * 8 kHz: the finest divider whose compare value fits, the nearest half period. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hal_fake.h"
#include "sound.h"

/* 1 kHz (divide by 32, compare 249) 3 ms, a rest of 2 ms, 4 kHz (8, 249) 1 ms. */
static const sound_note_t three[] = {SOUND_NOTE(1000, 3), SOUND_NOTE(0, 2), SOUND_NOTE(4000, 1),
                                     {0, 0, 0}};

static void check_note(uint8_t cs, uint8_t ocr)
{
    sound_note_t n = fake_sound_note();
    assert_int_equal(n.cs, cs);
    if (cs) {
        assert_int_equal(n.ocr, ocr);
    }
}

static void test_note_table(void **state)
{
    (void)state;
    assert_int_equal(three[0].cs, 3);
    assert_int_equal(three[0].ocr, 249);
    assert_int_equal(three[0].steps, 3); /* steps of 1 ms */
    assert_int_equal(three[1].cs, 0);
    assert_int_equal(three[1].steps, 2);
    assert_int_equal(three[2].cs, 2);
    assert_int_equal(three[2].ocr, 249);
    assert_int_equal(SOUND_MHZ(4000), 4000000u);
    assert_int_equal(SOUND_MHZ(250), 250000u);
}

/* Each note begins on its step, the first on the step after sound_play(). */
static void test_steps_through_notes(void **state)
{
    (void)state;
    fake_hal_reset();
    sound_play(three);
    assert_ptr_equal(fake_sound_last(), three);
    assert_true(sound_busy());
    check_note(0, 0); /* not before the next step */
    fake_sound_steps(1);
    check_note(3, 249);
    fake_sound_steps(2);
    check_note(3, 249); /* 3 steps = 3 ms */
    fake_sound_steps(1);
    check_note(0, 0); /* the rest */
    assert_true(sound_busy());
    fake_sound_steps(1);
    check_note(0, 0);
    fake_sound_steps(1);
    check_note(2, 249);
    assert_true(sound_busy());
    fake_sound_steps(1);
    check_note(0, 0); /* the end: silent, done */
    assert_false(sound_busy());
    fake_sound_steps(100);
    check_note(0, 0);
    assert_int_equal(fake_sound_plays(), 1);
}

/* Fake time steps the sound: 2 steps per ms. */
static void test_time_steps_sound(void **state)
{
    (void)state;
    fake_hal_reset();
    sound_play(three);
    fake_tick_advance(3);
    check_note(3, 249);
    fake_tick_advance(1);
    check_note(0, 0);
    fake_tick_advance(2);
    check_note(2, 249);
    fake_tick_advance(1);
    assert_false(sound_busy());
}

/* A new sound starts over the one under way; NULL silences at once. */
static void test_cut_short_and_stop(void **state)
{
    static const sound_note_t low[] = {SOUND_NOTE(250, 100), {0, 0, 0}};
    (void)state;
    fake_hal_reset();
    sound_play(low);
    fake_sound_steps(10);
    check_note(5, 249);
    sound_play(three);
    fake_sound_steps(1);
    check_note(3, 249);
    assert_int_equal(fake_sound_plays(), 2);
    sound_play(NULL);
    check_note(0, 0);
    assert_false(sound_busy());
    fake_sound_steps(10);
    check_note(0, 0);
    assert_int_equal(fake_sound_plays(), 2);
    assert_int_equal(SOUND_FITTED, 1); /* the fake has a sounder on every board */
}

/* Every frequency Timer2 can reach: the chosen divider is the smallest whose compare
 * value fits 8 bits, and the half period in timer counts (compare value + 1) is the
 * nearest to F_CPU / (2 * divider * hz); SOUND_MHZ is what that makes. */
static void test_note_arithmetic(void **state)
{
    static const unsigned long div[8] = {0, 1, 8, 32, 64, 128, 256, 1024};
    (void)state;
    for (unsigned long hz = 31; hz <= 8000; hz++) {
        unsigned cs = SOUND_CS(hz);
        unsigned long ocr = SOUND_OCR(hz);
        assert_true(cs >= 1 && cs <= 7);
        assert_int_equal(SOUND_DIV(cs), div[cs]);
        assert_true(ocr <= 255u);
        if (cs > 1) { /* the next finer divider does not fit */
            assert_true((SOUND_F_CPU + div[cs - 1] * hz) / (2ul * div[cs - 1] * hz) > 256ul);
        }
        double half = (double)SOUND_F_CPU / (2.0 * (double)div[cs] * (double)hz);
        double off = (double)(ocr + 1u) - half;
        assert_true(off <= 0.5 && off >= -0.5);
        double f = (double)SOUND_F_CPU / (2.0 * (double)div[cs] * (double)(ocr + 1u));
        assert_true(SOUND_MHZ(hz) <= (unsigned long long)(1000.0 * f) + 1u &&
                    SOUND_MHZ(hz) + 1u >= (unsigned long long)(1000.0 * f));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_note_table),      cmocka_unit_test(test_steps_through_notes),
        cmocka_unit_test(test_time_steps_sound), cmocka_unit_test(test_cut_short_and_stop),
        cmocka_unit_test(test_note_arithmetic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
