/* tests/engine/test_misere.c - proves the misère player perfect on every position.
 *
 * Misère (three in a row loses) runs on the normal game's machinery: its rules, its own
 * PROGMEM table, the iterative solver as the fallback. Each is compared with the
 * independent textbook minimax of tests/engine/ref.c (its misère score) on all 4,520
 * unfinished boards: the documented move and its tie-break, every perfect move (the
 * AI's sets), the outcome's play-out, with the table and with the solver; the table's
 * layout slot by slot; every damaged byte caught; forged tables never trusted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "crc16.h"
#include "engine.h"
#include "position.h"
#include "ref.h"
#include "solver.h"
#include "sym.h"
#include "table.h"

static int misere_setup(void **state)
{
    (void)state;
    ref_init();
    assert_true(engine_misere_init());
    return 0;
}

static uint16_t ref_cells(pos_t p)
{
    uint16_t cells = 0;
    for (uint8_t c = 0; c < POS_CELLS; c++)
        if (ref_misere_is_perfect(p, c))
            cells |= (uint16_t)(1u << c);
    return cells;
}

/* A copy of misère's table with byte `at` changed by `flip` (0: unchanged). */
static const uint8_t *misere_copy(uint16_t at, uint8_t flip)
{
    static uint8_t copy[MISERE_TABLE_BYTES];
    memcpy(copy, misere_table, MISERE_TABLE_BYTES);
    copy[at] ^= flip;
    return copy;
}

static void test_rules_and_hard_images(void **state)
{
    (void)state;
    static uint8_t seen[SYM_KEYS];
    int hard = 0, ruled = 0;
    FOR_EACH_OPEN_POSITION(p)
    {
        uint16_t rule = pos_misere_rule_cells(p);
        if (rule) { /* a rule's set is every perfect move, its lowest cell the move */
            assert_int_equal(rule, ref_cells(p));
            assert_int_equal(pos_first_cell(rule), ref_misere_tie_break_move(p));
            ruled++;
            continue;
        }
        sym_canon_t canon = sym_canonical(p);
        hard += !seen[canon.key];
        seen[canon.key] = 1;
    }
    print_message("misere: %d positions decided by a rule, %d hard canonical images\n", ruled,
                  hard);
    assert_int_equal(ruled, 958);
    assert_int_equal(hard, 493);
    assert_int_equal(MISERE_TABLE_ENTRIES, 493);
}

static void check_outcome(pos_t p)
{
    int score = ref_misere_score_of(p), marks = pos_count(p.x | p.o);
    engine_outcome_t out = engine_misere_outcome(p);
    assert_int_equal(out.result, score > 0 ? ENGINE_WIN : score < 0 ? ENGINE_LOSS : ENGINE_DRAW);
    assert_int_equal(out.plies, score ? 10 - (score > 0 ? score : -score) - marks : 9 - marks);
}

/* The move, the set and the outcome of every position, from the table in use. */
static void check_everywhere(int *sizes)
{
    FOR_EACH_OPEN_POSITION(p)
    {
        uint8_t cell = engine_misere_move(p);
        uint16_t want = ref_cells(p), got = engine_misere_best_cells(p);
        assert_int_equal(cell, ref_misere_tie_break_move(p));
        if (got != want)
            fail_msg("x=%03x o=%03x: misere set %03x, the reference %03x", p.x, p.o, got, want);
        sizes[pos_count(got)]++;
        check_outcome(p);
    }
    for (uint16_t code = 0; code < POS_CODES; code++) /* finished boards: LOSS or DRAW in 0 */
        if (ref_reachable[code] && pos_is_over(pos_from_code(code)))
            check_outcome(pos_from_code(code));
}

static void test_table_and_solver_are_perfect(void **state)
{
    (void)state;
    int by_table[POS_CELLS + 1] = {0}, by_solver[POS_CELLS + 1] = {0};
    check_everywhere(by_table);
    assert_true(engine_misere_table_ok()); /* the table answered everything itself */
    assert_false(engine_misere_use_table(misere_copy(0, 1u)));
    check_everywhere(by_solver);
    assert_memory_equal(by_table, by_solver, sizeof by_table);
    print_message("misere perfect moves per position, 1..9:");
    for (int n = 1; n <= POS_CELLS; n++)
        print_message(" %d", by_table[n]);
    print_message("\n");
    assert_true(engine_misere_init());
}

static void test_solver_scores_and_moves(void **state)
{
    (void)state;
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        if (!ref_reachable[code])
            continue;
        assert_int_equal(solver_misere_score(p), ref_misere_score_of(p));
        if (!pos_is_over(p))
            assert_int_equal(solver_misere_move(p), ref_misere_tie_break_move(p));
    }
    pos_t empty = {0, 0};
    assert_int_equal(ref_misere_score_of(empty), 0); /* misère is a draw too */
    assert_int_equal(engine_misere_best_cells(empty), 1u << 4); /* the centre alone */
}

/* Slot by slot: each hard image's set is the reference's, at the slot its key hashes to
 * (README: slot = key / buckets + the bucket's displacement, its ninth bit, mod 512). */
static void test_table_layout(void **state)
{
    (void)state;
    static uint16_t slot_key[MISERE_TABLE_SLOTS]; /* key + 1 of the image there, 0: none */
    int named = 0, ninth = 0;
    for (uint16_t slot = 0; slot < MISERE_TABLE_SLOTS; slot++)
        named += misere_table[slot] ||
                 (misere_table[MISERE_TABLE_SLOTS + slot / 8u] >> (slot % 8u) & 1u);
    for (uint16_t b = 0; b < MISERE_TABLE_BUCKETS; b++)
        ninth += misere_table[MISERE_TABLE_NINTH_OFFSET + b / 8u] >> (b % 8u) & 1u;
    assert_int_equal(named, MISERE_TABLE_ENTRIES);
    assert_true(ninth > 0); /* the ninth bits are used: tested, not dead */
    FOR_EACH_OPEN_POSITION(p)
    {
        if (pos_misere_rule_cells(p))
            continue;
        sym_canon_t canon = sym_canonical(p);
        uint16_t b = canon.key % MISERE_TABLE_BUCKETS;
        uint16_t slot = (canon.key / MISERE_TABLE_BUCKETS +
                         misere_table[MISERE_TABLE_DISPLACEMENT_OFFSET + b] +
                         256u * (misere_table[MISERE_TABLE_NINTH_OFFSET + b / 8u] >> (b % 8u) & 1u)) %
                        MISERE_TABLE_SLOTS;
        assert_true(slot_key[slot] == 0 || slot_key[slot] == canon.key + 1u);
        slot_key[slot] = (uint16_t)(canon.key + 1u);
        pos_t image = {sym_image(canon.k, p.x), sym_image(canon.k, p.o)};
        uint16_t cells = ref_cells(image);
        assert_int_equal(misere_table[slot] | (misere_table[MISERE_TABLE_SLOTS + slot / 8u] >>
                                                   (slot % 8u) & 1u) << 8, cells);
        assert_int_equal(table_cells(misere_table, canon, true), ref_cells(p));
        assert_int_equal(table_lookup(misere_table, canon, true),
                         sym_source(canon.k, pos_first_cell(cells)));
    }
}

static void test_every_damaged_byte_is_caught(void **state)
{
    (void)state;
    static const uint8_t flips[] = {0x01, 0x80, 0xFF, 0x5A};
    for (uint16_t i = 0; i < MISERE_TABLE_BYTES; i++)
        for (uint8_t f = 0; f < sizeof flips; f++) {
            assert_false(table_crc_ok(misere_copy(i, flips[f]), MISERE_TABLE_BYTES));
            assert_false(engine_misere_use_table(misere_copy(i, flips[f])));
            assert_false(engine_misere_table_ok());
            pos_t sample = pos_from_code((uint16_t)(i * 81u + f * 7u) % POS_CODES);
            if (pos_is_legal(sample) && !pos_is_over(sample)) {
                assert_int_equal(engine_misere_move(sample), ref_misere_tie_break_move(sample));
                assert_int_equal(engine_misere_best_cells(sample), ref_cells(sample));
            }
        }
    assert_true(engine_misere_init());
}

/* A table whose slots name no cell, its CRC made valid: each look-up is a bad answer, the
 * table is dropped at the first, every answer stays perfect. */
static void test_forged_table_is_never_trusted(void **state)
{
    (void)state;
    static uint8_t forged[MISERE_TABLE_BYTES];
    memcpy(forged, misere_table, MISERE_TABLE_BYTES);
    memset(forged, 0, MISERE_TABLE_SLOTS + MISERE_TABLE_SLOTS / 8u);
    uint16_t crc = crc16(forged, MISERE_TABLE_BYTES - 2u);
    forged[MISERE_TABLE_BYTES - 2u] = (uint8_t)(crc >> 8);
    forged[MISERE_TABLE_BYTES - 1u] = (uint8_t)crc;
    int dropped = 0;
    FOR_EACH_OPEN_POSITION(p)
    {
        assert_true(engine_misere_use_table(forged));
        assert_int_equal(engine_misere_move(p), ref_misere_tie_break_move(p));
        dropped += !engine_misere_table_ok();
        assert_true(engine_misere_use_table(forged));
        assert_int_equal(engine_misere_best_cells(p), ref_cells(p));
        assert_int_equal(!engine_misere_table_ok(), !pos_misere_rule_cells(p));
    }
    assert_true(dropped > 0);
    assert_true(engine_misere_init());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_rules_and_hard_images, misere_setup),
        cmocka_unit_test_setup(test_table_and_solver_are_perfect, misere_setup),
        cmocka_unit_test_setup(test_solver_scores_and_moves, misere_setup),
        cmocka_unit_test_setup(test_table_layout, misere_setup),
        cmocka_unit_test_setup(test_every_damaged_byte_is_caught, misere_setup),
        cmocka_unit_test_setup(test_forged_table_is_never_trusted, misere_setup),
    };
    return cmocka_run_group_tests_name("misere", tests, NULL, NULL);
}
