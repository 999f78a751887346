/* tests/variants/test_variants_ref.c - the reader a simulation proof uses
 * (variants_ref.c) on the reference's files: every state the firmware's own rules reach
 * from the empty board is in them, and the firmware's answers (the per-rule API) are
 * theirs, in both games (fading's: its one move among the reference's perfect moves); a
 * file out of the format is refused. Usage: test_variants_ref DIR (the reference's
 * files, tests/variants/variants.mk). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, rmdir */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "play.h"
#include "variants_ref.h"

static void assert_answer(uint8_t rule, const state_t *s, const variants_answer_t *a)
{
    engine_outcome_t o = play_outcome(rule, s);
    assert_non_null(a);
    assert_int_equal(a->result, o.result == ENGINE_WIN ? 'W' : o.result == ENGINE_LOSS ? 'L' : 'D');
    assert_int_equal(a->plies, o.plies);
    if (state_is_over(rule, s)) {
        assert_int_equal(a->best, 0);
        return;
    }
    uint8_t move = play_move(rule, s);
    if (rule == RULE_FADING) { /* its table's one move: one of the perfect moves */
        assert_int_equal(play_best_cells(rule, s), 1u << move);
        assert_true(a->best >> move & 1u);
        return;
    }
    assert_int_equal(a->best, play_best_cells(rule, s));
    assert_int_equal(a->move, move);
}

static void test_misere_boards(void **state)
{
    (void)state;
    static uint8_t seen[POS_CODES];
    static uint16_t todo[POS_CODES];
    unsigned head = 0, tail = 0;
    todo[tail++] = 0;
    seen[0] = 1;
    while (head < tail) {
        pos_t p = pos_from_code(todo[head++]);
        state_t s = state_from_pos(p);
        assert_answer(RULE_MISERE, &s, variants_ref_misere(p));
        for (uint8_t c = 0; c < POS_CELLS && !state_is_over(RULE_MISERE, &s); c++)
            if (pos_empty(p) >> c & 1u && !seen[pos_code(pos_play(p, c))]) {
                seen[pos_code(pos_play(p, c))] = 1;
                todo[tail++] = pos_code(pos_play(p, c));
            }
    }
    assert_int_equal(tail, 5478);
}

/* The side to move and both queues (9: no mark): a fading state's number here. */
static uint32_t fading_code(const state_t *s)
{
    uint32_t code = s->to_move == PLAYER_O;
    for (uint8_t side = 0; side < 2; side++)
        for (uint8_t i = 0; i < FADE_KEEP; i++)
            code = code * 10u +
                   (i < pos_count(side ? s->pos.o : s->pos.x) ? s->queue[side][i] : 9u);
    return code;
}

static void test_fading_states(void **state)
{
    (void)state;
    static uint8_t seen[2000000];
    static state_t todo[130000];
    unsigned head = 0, tail = 0;
    todo[tail++] = state_start();
    seen[fading_code(&todo[0])] = 1;
    while (head < tail) {
        state_t s = todo[head++];
        assert_answer(RULE_FADING, &s, variants_ref_fading(&s));
        for (uint8_t c = 0; c < POS_CELLS && !state_is_over(RULE_FADING, &s); c++) {
            state_t t = s;
            if (!(pos_empty(s.pos) >> c & 1u))
                continue;
            state_play(RULE_FADING, &t, c);
            if (!seen[fading_code(&t)]) {
                seen[fading_code(&t)] = 1;
                assert_true(tail < sizeof todo / sizeof todo[0]);
                todo[tail++] = t;
            }
        }
    }
    assert_int_equal(tail, 128170);
}

/* A file out of the format is refused (the reader's planted mistake). */
static void test_bad_file_refused(void **state)
{
    (void)state;
    char dir[] = "/tmp/variants_ref_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/reference_misere.txt", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("......... 4 010 D9\n........x 4 0zz X9\n", f);
    fclose(f);
    assert_int_equal(variants_ref_load(dir), -1);
    remove(path);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    if (argc != 2 || variants_ref_load(argv[1]) != 0) {
        fprintf(stderr, "usage: test_variants_ref DIR (reference_misere.txt and reference_fading.txt)\n");
        return 2;
    }
    play_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_misere_boards),
        cmocka_unit_test(test_fading_states),
        cmocka_unit_test(test_bad_file_refused),
    };
    return cmocka_run_group_tests_name("variants reference reader", tests, NULL, NULL);
}
