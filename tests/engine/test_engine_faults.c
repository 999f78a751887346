/* tests/engine/test_engine_faults.c - the engine over a broken move source
 * (table_fake.c, linked instead of the real table): whatever the table answers (an
 * occupied cell, a cell out of range, no entry), after any number of good answers,
 * engine_move(), engine_best_cells() and engine_outcome() stay perfect (checked against the independent
 * reference), misère's three as well, look the table up at most 9 times per outcome, and stop trusting it.
 * Built a second time from a mutant engine.c whose move check is removed
 * (tests/engine/engine.mk): that build must fail these tests and still terminate, which shows
 * the play-out's 9-ply bound ends a play-out fed occupied cells. An alarm turns a hang
 * into a failure even without the suite's timeout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine.h"
#include "position.h"
#include "ref.h"
#include "table_fake.h"

#define FAULTS_ALARM_SECONDS 300

static void assert_outcome_perfect(pos_t p, engine_outcome_t out)
{
    int score = ref_score_of(p), marks = pos_count(p.x | p.o);
    assert_int_equal(out.result, score > 0 ? ENGINE_WIN : score < 0 ? ENGINE_LOSS : ENGINE_DRAW);
    assert_int_equal(out.plies, score > 0 ? 10 - score - marks : score < 0 ? 10 + score - marks : 9 - marks);
}

/* Every perfect move by the reference. */
static uint16_t ref_cells(pos_t p)
{
    uint16_t cells = 0;
    for (uint8_t c = 0; c < POS_CELLS; c++)
        if (ref_is_perfect(p, c))
            cells |= (uint16_t)(1u << c);
    return cells;
}

static void test_good_fake_is_trusted(void **state)
{
    (void)state;
    fake_fault = FAKE_GOOD;
    assert_true(engine_init());
    FOR_EACH_OPEN_POSITION(p)
    {
        fake_calls = 0;
        assert_outcome_perfect(p, engine_outcome(p));
        assert_true(fake_calls <= POS_CELLS);
        assert_true(ref_is_perfect(p, engine_move(p)));
        assert_int_equal(engine_best_cells(p), ref_cells(p));
    }
    assert_true(engine_table_ok());
}

static void test_outcome_survives_every_fault(void **state)
{
    (void)state;
    long distrusted = 0, runs = 0;
    for (uint8_t fault = FAKE_GOOD + 1; fault < FAKE_FAULTS; fault++)
        for (uint16_t good = 0; good < POS_CELLS; good++) {
            fake_fault = fault;
            fake_good_answers = good;
            FOR_EACH_OPEN_POSITION(p)
            {
                assert_true(engine_init());
                fake_calls = 0;
                assert_outcome_perfect(p, engine_outcome(p));
                assert_true(fake_calls <= POS_CELLS); /* bounded: at most 9 look-ups */
                /* The table is no longer trusted iff it gave a bad answer. (The empty
                 * board's "occupied" cell 0 is a legal move, but a play-out from the
                 * empty board asks again and gets a truly occupied cell.) */
                assert_int_equal(!engine_table_ok(), fake_calls > good);
                distrusted += !engine_table_ok();
                runs++;
            }
        }
    assert_int_equal(runs, (FAKE_FAULTS - 1L) * 9 * 4520);
    print_message("play-outs %ld, of which the table went bad in %ld\n", runs, distrusted);
    assert_true(distrusted > 0);
    assert_true(distrusted < runs);
}

static void test_move_survives_every_fault(void **state)
{
    (void)state;
    for (uint8_t fault = FAKE_GOOD + 1; fault < FAKE_FAULTS; fault++) {
        fake_fault = fault;
        fake_good_answers = 0;
        FOR_EACH_OPEN_POSITION(p)
        {
            assert_true(engine_init());
            fake_calls = 0;
            assert_true(ref_is_perfect(p, engine_move(p)));
            assert_true(fake_calls <= 1);
        }
    }
}

/* engine_best_cells() over every fault: the set is every perfect move, the table is
 * asked at most once, and it is dropped iff its set was bad (every fault but the empty
 * board's "occupied" set, which has no marked cell to add). */
static void test_best_cells_survive_every_fault(void **state)
{
    (void)state;
    long dropped = 0;
    for (uint8_t fault = FAKE_GOOD; fault < FAKE_FAULTS; fault++) {
        fake_fault = fault;
        fake_good_answers = 0;
        FOR_EACH_OPEN_POSITION(p)
        {
            assert_true(engine_init());
            fake_calls = 0;
            assert_int_equal(engine_best_cells(p), ref_cells(p));
            assert_true(fake_calls <= 1);
            bool bad = fake_calls && fault != FAKE_GOOD &&
                       ((p.x | p.o) || (fault != FAKE_OCCUPIED && fault != FAKE_LINE));
            assert_int_equal(!engine_table_ok(), bad);
            dropped += bad;
        }
    }
    assert_true(dropped > 0);
}

/* A whole game, the engine playing both sides, the table going bad after k moves:
 * every move is legal and perfect, and the game ends a draw within 9 plies. */
static void test_self_play_with_failing_table(void **state)
{
    (void)state;
    for (uint8_t fault = FAKE_GOOD + 1; fault < FAKE_FAULTS; fault++)
        for (uint16_t good = 0; good < POS_CELLS; good++) {
            fake_fault = fault;
            fake_good_answers = good;
            fake_calls = 0;
            assert_true(engine_init());
            pos_t p = {0, 0};
            uint8_t plies = 0;
            while (!pos_is_over(p) && plies < POS_CELLS) {
                uint8_t cell = engine_move(p);
                assert_true(ref_is_perfect(p, cell));
                p = pos_play(p, cell);
                plies++;
            }
            assert_true(pos_is_over(p));
            assert_int_equal(pos_winner(p), PLAYER_NONE);
        }
}

/* Misère over every fault, after 0..8 good answers: every move and every set perfect by
 * the reference, the table asked at most once per answer and 9 times per outcome, and
 * dropped iff it answered badly (its answers may only name cells that do not complete
 * the mover's line). */
static void check_misere_under(uint8_t fault, uint16_t good, long *dropped)
{
    fake_fault = fault;
    fake_good_answers = good;
    FOR_EACH_OPEN_POSITION(p)
    {
        int score = ref_misere_score_of(p), marks = pos_count(p.x | p.o);
        assert_true(engine_misere_init());
        fake_calls = 0;
        engine_outcome_t out = engine_misere_outcome(p);
        assert_int_equal(out.result, score > 0 ? ENGINE_WIN : score < 0 ? ENGINE_LOSS : ENGINE_DRAW);
        assert_int_equal(out.plies, score ? 10 - (score > 0 ? score : -score) - marks : 9 - marks);
        assert_true(fake_calls <= POS_CELLS);
        assert_int_equal(!engine_misere_table_ok(), fault != FAKE_GOOD && fake_calls > good);
        *dropped += !engine_misere_table_ok();
        assert_true(engine_misere_init());
        assert_true(ref_misere_is_perfect(p, engine_misere_move(p)));
        assert_true(engine_misere_init());
        uint16_t cells = engine_misere_best_cells(p);
        for (uint8_t c = 0; c < POS_CELLS; c++)
            assert_int_equal(cells >> c & 1u, ref_misere_is_perfect(p, c));
    }
}

static void test_misere_survives_every_fault(void **state)
{
    (void)state;
    long dropped = 0;
    for (uint8_t fault = FAKE_GOOD; fault < FAKE_FAULTS; fault++)
        for (uint16_t good = 0; good < POS_CELLS; good++)
            check_misere_under(fault, good, &dropped);
    print_message("misere play-outs whose table went bad: %ld\n", dropped);
    assert_true(dropped > 0);
}

static int faults_setup(void **state)
{
    (void)state;
    ref_init();
    return 0;
}

int main(void)
{
    alarm(FAULTS_ALARM_SECONDS); /* a hang is a failure (SIGALRM ends the run) */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_good_fake_is_trusted, faults_setup),
        cmocka_unit_test_setup(test_outcome_survives_every_fault, faults_setup),
        cmocka_unit_test_setup(test_move_survives_every_fault, faults_setup),
        cmocka_unit_test_setup(test_best_cells_survive_every_fault, faults_setup),
        cmocka_unit_test_setup(test_self_play_with_failing_table, faults_setup),
        cmocka_unit_test_setup(test_misere_survives_every_fault, faults_setup),
    };
    return cmocka_run_group_tests_name("engine over a broken table", tests, NULL, NULL);
}
