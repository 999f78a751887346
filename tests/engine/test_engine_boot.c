/* tests/engine/test_engine_boot.c - the boot path with a damaged table: this program is
 * linked with a table_data that `gen_table --damaged` wrote (one slot's cell changed,
 * CRC stale) and a fade_table from `gen_fade --damaged`, so engine_init() and
 * play_init() must refuse them (misère's sound table kept), and every answer must still be
 * perfect (the solver's, every perfect move among them), checked against the
 * independent reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine.h"
#include "fade.h"
#include "play.h"
#include "position.h"
#include "ref.h"
#include "table.h"

static void test_boot_refuses_the_damaged_table(void **state)
{
    (void)state;
    assert_false(table_check(table_data));
    assert_false(engine_init());
    assert_false(engine_table_ok());
}

static void test_answers_stay_perfect(void **state)
{
    (void)state;
    ref_init();
    assert_false(engine_init());
    int n = 0;
    FOR_EACH_OPEN_POSITION(p)
    {
        assert_true(ref_is_perfect(p, engine_move(p)));
        uint16_t cells = engine_best_cells(p);
        for (uint8_t c = 0; c < POS_CELLS; c++)
            assert_int_equal(cells >> c & 1u, ref_is_perfect(p, c));
        int score = ref_score_of(p), marks = pos_count(p.x | p.o);
        engine_outcome_t out = engine_outcome(p);
        assert_int_equal(out.result, score > 0 ? ENGINE_WIN : score < 0 ? ENGINE_LOSS : ENGINE_DRAW);
        assert_int_equal(out.plies, score > 0 ? 10 - score - marks : score < 0 ? 10 + score - marks : 9 - marks);
        n++;
    }
    assert_int_equal(n, 4520);
    assert_false(engine_table_ok());
}

/* play_init() checks every table: the normal game falls back on its solver (perfect),
 * misère's table is sound, fading's is refused, and its answers are the fallback's:
 * legal, never an occupied cell (README, "When the table is damaged"). */
static void test_play_init_reports_each_table(void **state)
{
    (void)state;
    assert_false(table_crc_ok(fade_table, FADE_TABLE_BYTES));
    play_init();
    assert_false(play_table_ok(RULE_NORMAL));
    assert_true(play_table_ok(RULE_MISERE));
    assert_false(play_table_ok(RULE_FADING));
    state_t s = state_start();
    for (uint8_t plies = 0; plies < 24u && !state_is_over(RULE_FADING, &s); plies++) {
        uint16_t cells = play_best_cells(RULE_FADING, &s);
        assert_true(cells && !(cells & (uint16_t)~pos_empty(s.pos)));
        state_play(RULE_FADING, &s, play_move(RULE_FADING, &s));
    }
    assert_false(play_table_ok(RULE_FADING));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boot_refuses_the_damaged_table),
        cmocka_unit_test(test_answers_stay_perfect),
        cmocka_unit_test(test_play_init_reports_each_table),
    };
    return cmocka_run_group_tests_name("engine boot with a damaged table", tests, NULL, NULL);
}
