/* tests/engine/test_engine.c - proves the engine perfect on every position.
 *
 * An independent reference (tests/engine/ref.c: textbook recursive minimax over an
 * int[9] board, its own base-3 codes and reachability) is compared with the position
 * model (legality on all 19,683 boards), the symmetries and canonical images, the
 * PROGMEM table and the iterative solver (move value, distance and the documented
 * tie-break on all 4,520 unfinished boards, and every perfect move: the sets the AI
 * draws from), and the outcome play-out. Host only: the reference may recurse. */
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

static int ref_setup(void **state)
{
    (void)state;
    ref_init();
    engine_init();
    return 0;
}

/* ---- the tests -------------------------------------------------------------------- */

static void test_codes_round_trip(void **state)
{
    (void)state;
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        int b[9];
        ref_board(p, b);
        assert_int_equal(pos_code(p), code);
        assert_int_equal(ref_code(b), code);
    }
}

static void test_legality_matches_reachability(void **state)
{
    (void)state;
    int legal = 0, open = 0;
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        assert_int_equal(pos_is_legal(p), ref_reachable[code]);
        /* The firmware's short test and the host's reason-giving one agree. */
        assert_int_equal(pos_legality(p) == POS_LEGAL, ref_reachable[code]);
        legal += pos_is_legal(p);
        open += pos_is_legal(p) && !pos_is_over(p);
    }
    assert_int_equal(legal, 5478);
    assert_int_equal(open, 4520);
    /* Overlapping or out-of-range masks are refused too. */
    assert_int_equal(pos_legality((pos_t){0x001, 0x001}), POS_BAD_CELLS);
    assert_int_equal(pos_legality((pos_t){0x200, 0x000}), POS_BAD_CELLS);
    /* The named reasons. */
    assert_int_equal(pos_legality((pos_t){0x003, 0x000}), POS_BAD_COUNTS);
    assert_int_equal(pos_legality((pos_t){0x007, 0x038}), POS_BOTH_LINES);
    assert_int_equal(pos_legality((pos_t){0x007, 0x118}), POS_LINE_NOT_LAST);
    assert_int_equal(pos_legality((pos_t){0x0D8, 0x007}), POS_LINE_NOT_LAST);
    assert_int_equal(pos_legality((pos_t){0x0D0, 0x007}), POS_LEGAL);
    /* Two disjoint lines of X would need 6 marks: already a count error. */
    assert_int_equal(pos_legality((pos_t){0x1C7, 0x038}), POS_BAD_COUNTS);
}

static void test_lines_not_completed_by_one_move(void **state)
{
    (void)state;
    /* pos_legality() does not check that one last move could have completed the
     * winner's lines: on every board whose counts are right, each side's lines share a
     * cell whose mark, taken back, leaves that side without a line. Checked here on the
     * masks directly, and the reason is never reported. */
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        int lead = pos_count(p.x) - pos_count(p.o);
        if (lead < 0 || lead > 1)
            continue;
        for (int side = 0; side < 2; side++) {
            uint16_t mine = side ? p.o : p.x, lines = pos_lines(mine);
            if (!lines)
                continue;
            int found = 0;
            for (uint8_t c = 0; c < POS_CELLS; c++)
                found |= (lines >> c & 1u) && !pos_lines((uint16_t)(mine & ~(1u << c)));
            assert_true(found);
        }
    }
    /* X on row 0 and column 0 (5 marks, meeting at cell 0) is fine. */
    assert_int_equal(pos_legality((pos_t){0x04F, 0x1B0}), POS_LEGAL);
}

/* Base-3 key of an image (sym.h): ring bit i weighs 3^i, the centre 3^8. */
static uint16_t ring_key(pos_t c)
{
    static const int ring_cells[8] = {0, 1, 2, 5, 8, 7, 6, 3};
    unsigned key = 0, weight = 1;
    for (int i = 0; i < 8; i++, weight *= 3)
        key += weight * ((c.x >> ring_cells[i] & 1u) + 2u * (c.o >> ring_cells[i] & 1u));
    return (uint16_t)(key + 6561u * ((c.x >> 4 & 1u) + 2u * (c.o >> 4 & 1u)));
}

static void test_symmetry(void **state)
{
    (void)state;
    /* sym_source() and sym_image() are the geometry. */
    for (uint8_t k = 0; k < SYM_COUNT; k++)
        for (uint8_t c = 0; c < POS_CELLS; c++) {
            assert_int_equal(sym_source(k, (uint8_t)ref_sym_cell(k, c)), c);
            assert_int_equal(sym_image(k, (uint16_t)(1u << c)), 1u << ref_sym_cell(k, c));
        }
    for (uint8_t k = 0; k < SYM_COUNT; k++)
        for (uint16_t m = 0; m <= POS_ALL; m++) {
            assert_int_equal(pos_count(sym_image(k, m)), pos_count(m));
            assert_int_equal(pos_count(pos_lines(sym_image(k, m))), pos_count(pos_lines(m)));
            assert_int_equal(sym_image(sym_inverse(k), sym_image(k, m)), m); /* undone */
        }
    static unsigned char canonical_seen[POS_CODES];
    int canonical = 0, canonical_open = 0, hard = 0;
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        if (!ref_reachable[code])
            continue;
        sym_canon_t canon = sym_canonical(p);
        uint16_t key = canon.key;
        uint8_t k = canon.k;
        pos_t c;
        assert_int_equal(k, ref_canonical(p, &c));
        assert_int_equal(sym_image(k, p.x), c.x);
        assert_int_equal(sym_image(k, p.o), c.o);
        assert_int_equal(key, ring_key(c));
        assert_true(key < SYM_KEYS);
        assert_int_equal(ref_score_of(c), ref_score_of(p));
        uint16_t cc = pos_code(c);
        if (!canonical_seen[cc]) {
            canonical_seen[cc] = 1;
            canonical++;
            canonical_open += !pos_is_over(c);
            hard += !pos_is_over(c) && pos_forced_move(c) == POS_NO_MOVE;
        }
    }
    assert_int_equal(canonical, 765);
    assert_int_equal(canonical_open, 627);
    assert_int_equal(hard, 96);
    assert_int_equal(TABLE_ENTRIES, 96);
}

static void test_plain_minimax_node_count(void **state)
{
    (void)state;
    int b[9] = {0};
    assert_int_equal(ref_plain_nodes(b), 549946);
    assert_int_equal(ref_score(b), 0); /* the empty board is a draw */
}

/* The move keeps the value: the child's score, seen from the mover, equals the
 * position's score (fastest win, slowest loss). */
static void assert_perfect(pos_t p, uint8_t cell)
{
    assert_true(cell < POS_CELLS);
    assert_false((p.x | p.o) & (1u << cell));
    assert_int_equal(-ref_score_of(pos_play(p, cell)), ref_score_of(p));
}

static void test_table_is_perfect_everywhere(void **state)
{
    (void)state;
    assert_true(table_check(table_data));
    int n = 0;
    FOR_EACH_OPEN_POSITION(p)
    {
        uint8_t cell = table_move(table_data, p);
        assert_perfect(p, cell);
        assert_int_equal(cell, ref_tie_break_move(p));
        n++;
    }
    assert_int_equal(n, 4520);
}

static void test_solver_matches_table_and_reference(void **state)
{
    (void)state;
    int n = 0;
    FOR_EACH_OPEN_POSITION(p)
    {
        assert_int_equal(solver_move(p), table_move(table_data, p));
        assert_int_equal(solver_score(p), ref_score_of(p));
        n++;
    }
    assert_int_equal(n, 4520);
    /* Finished boards score too. */
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        if (ref_reachable[code] && pos_is_over(p))
            assert_int_equal(solver_score(p), ref_score_of(p));
    }
}

static void check_outcomes(void)
{
    for (uint16_t code = 0; code < POS_CODES; code++) {
        pos_t p = pos_from_code(code);
        if (!ref_reachable[code])
            continue;
        int score = ref_score_of(p), marks = pos_count(p.x | p.o);
        engine_outcome_t out = engine_outcome(p);
        if (score > 0) {
            assert_int_equal(out.result, ENGINE_WIN);
            assert_int_equal(out.plies, 10 - score - marks);
        } else if (score < 0) {
            assert_int_equal(out.result, ENGINE_LOSS);
            assert_int_equal(out.plies, 10 + score - marks);
        } else {
            assert_int_equal(out.result, ENGINE_DRAW);
            assert_int_equal(out.plies, 9 - marks);
        }
    }
}

static void test_outcome_from_table_and_solver(void **state)
{
    (void)state;
    assert_true(engine_init());
    check_outcomes(); /* play-out of table moves */
    static uint8_t damaged[TABLE_BYTES];
    memcpy(damaged, table_data, TABLE_BYTES);
    damaged[0] ^= 1u;
    assert_false(engine_use_table(damaged));
    check_outcomes(); /* play-out of solver moves */
    assert_true(engine_init());
}

/* Every perfect move, from the reference alone: the empty cells that keep the value. */
static uint16_t ref_best_cells(pos_t p)
{
    uint16_t cells = 0;
    for (uint8_t c = 0; c < POS_CELLS; c++)
        if (ref_is_perfect(p, c))
            cells |= (uint16_t)(1u << c);
    return cells;
}

/* The sets the AI draws from at level perfect: exactly the perfect moves, everywhere,
 * with the table and with the solver, and the tie-break move among them. */
static void check_best_cells(int *sizes)
{
    FOR_EACH_OPEN_POSITION(p)
    {
        uint16_t want = ref_best_cells(p), got = engine_best_cells(p);
        if (got != want)
            fail_msg("x=%03x o=%03x: engine_best_cells %03x, the reference %03x", p.x, p.o,
                     got, want);
        assert_true(got >> engine_move(p) & 1u);
        sizes[pos_count(got)]++;
    }
}

static void test_best_cells_from_table_and_solver(void **state)
{
    (void)state;
    int by_table[POS_CELLS + 1] = {0}, by_solver[POS_CELLS + 1] = {0};
    assert_true(engine_init());
    check_best_cells(by_table);
    assert_true(engine_table_ok()); /* the table answered every set itself */
    static uint8_t damaged[TABLE_BYTES];
    memcpy(damaged, table_data, TABLE_BYTES);
    damaged[0] ^= 1u;
    assert_false(engine_use_table(damaged));
    check_best_cells(by_solver);
    assert_true(engine_init());
    assert_memory_equal(by_table, by_solver, sizeof by_table);
    print_message("perfect moves per position, 1..9:");
    for (int n = 1; n <= POS_CELLS; n++)
        print_message(" %d", by_table[n]);
    print_message("\n");
    assert_int_equal(by_table[0], 0);
    /* the empty board: all nine cells draw in 9 plies */
    pos_t empty = {0, 0};
    assert_int_equal(engine_best_cells(empty), POS_ALL);
}

static void test_every_damaged_byte_is_caught(void **state)
{
    (void)state;
    static uint8_t damaged[TABLE_BYTES];
    static const uint8_t flips[] = {0x01, 0x80, 0xFF, 0x5A};
    for (uint16_t i = 0; i < TABLE_BYTES; i++)
        for (uint8_t f = 0; f < sizeof flips; f++) {
            memcpy(damaged, table_data, TABLE_BYTES);
            damaged[i] ^= flips[f];
            assert_false(table_check(damaged));
            assert_false(engine_use_table(damaged));
            assert_false(engine_table_ok());
            /* The solver answers instead, with the same perfect move. */
            pos_t sample = pos_from_code((uint16_t)(i * 81u + f * 7u) % POS_CODES);
            if (pos_is_legal(sample) && !pos_is_over(sample)) {
                assert_int_equal(engine_move(sample), table_move(table_data, sample));
                assert_int_equal(engine_best_cells(sample), ref_best_cells(sample));
            }
        }
    assert_true(engine_init());
}

/* A copy of the table whose every slot names no cell; its CRC is left stale. */
static void forge_empty_slots(uint8_t forged[TABLE_BYTES])
{
    memcpy(forged, table_data, TABLE_BYTES);
    memset(forged, 0, TABLE_DISPLACEMENT_OFFSET); /* cells 0..7, then cell 8's bits */
}

/* Give a forged table the CRC of its contents (high byte first, table.h). */
static void forge_crc(uint8_t forged[TABLE_BYTES])
{
    uint16_t crc = crc16(forged, TABLE_CRC_OFFSET);
    forged[TABLE_CRC_OFFSET] = (uint8_t)(crc >> 8);
    forged[TABLE_CRC_OFFSET + 1] = (uint8_t)crc;
    assert_int_equal(crc16(forged, TABLE_BYTES), 0);
}

/* Slot s's perfect moves as the README lays them out: cells 0..7 in byte s, cell 8 in
 * bit s % 8 of the bitmap after the slots. */
static uint16_t slot_cells(const uint8_t *table, uint16_t slot)
{
    return (uint16_t)(table[slot] | (table[TABLE_CELL8_OFFSET + slot / 8u] >> (slot % 8u) & 1u)
                                        << 8);
}

/* The README's nearest rule for a set: the image's lowest perfect cell and its images
 * under every symmetry that fixes the image. */
static uint16_t lowest_cell_orbit(pos_t image, uint16_t cells)
{
    uint16_t orbit = 0, low = (uint16_t)(cells & (uint16_t)-cells);
    for (uint8_t k = 0; k < SYM_COUNT; k++)
        if (sym_image(k, image.x) == image.x && sym_image(k, image.o) == image.o)
            orbit |= sym_image(k, low);
    return orbit;
}

static void test_table_layout(void **state)
{
    (void)state;
    /* TABLE_ENTRIES slots name cells, the others none; displacements are slots. */
    int named = 0;
    for (uint16_t slot = 0; slot < TABLE_SLOTS; slot++)
        named += slot_cells(table_data, slot) != 0;
    assert_int_equal(named, TABLE_ENTRIES);
    for (uint16_t b = 0; b < TABLE_BUCKETS; b++)
        assert_true(table_data[TABLE_DISPLACEMENT_OFFSET + b] < TABLE_SLOTS);
    /* Every hard canonical image has a slot of its own, which holds exactly the image's
     * perfect moves by the reference; the look-ups map them back to the position. */
    static uint16_t slot_key[TABLE_SLOTS]; /* key + 1 of the image placed there, 0: none */
    memset(slot_key, 0, sizeof slot_key);
    int by_rule = 0; /* images whose set the nearest rule gives */
    FOR_EACH_OPEN_POSITION(p)
    {
        if (pos_forced_move(p) != POS_NO_MOVE)
            continue;
        sym_canon_t canon = sym_canonical(p);
        uint16_t key = canon.key;
        uint16_t slot = (key / TABLE_BUCKETS +
                         table_data[TABLE_DISPLACEMENT_OFFSET + key % TABLE_BUCKETS]) %
                        TABLE_SLOTS;
        assert_true(slot_key[slot] == 0 || slot_key[slot] == key + 1u);
        int first = slot_key[slot] == 0;
        slot_key[slot] = (uint16_t)(key + 1u);
        pos_t image = {sym_image(canon.k, p.x), sym_image(canon.k, p.o)};
        uint16_t cells = ref_best_cells(image);
        by_rule += first && lowest_cell_orbit(image, cells) == cells;
        assert_int_equal(slot_cells(table_data, slot), cells);
        assert_int_equal(table_cells(table_data, canon, false), ref_best_cells(p));
        assert_int_equal(table_lookup(table_data, canon, false),
                         sym_source(canon.k, pos_first_cell(cells)));
    }
    assert_int_equal(by_rule, 33); /* of 96: why the table stores whole sets (README) */
}

/* The table's answers on a forged table (CRC made valid) for every hard position: moves
 * and sets that name no cell or an occupied one are counted; every move names a cell
 * 0..8 or none, and engine_move() and engine_best_cells() on the same table play only
 * empty cells. If `damaged_bucket` is a bucket (below TABLE_BUCKETS), the positions
 * whose keys are in the other buckets must still get their perfect moves. */
static void check_forged(uint8_t forged[TABLE_BYTES], uint16_t damaged_bucket, int *missing,
                         int *occupied)
{
    forge_crc(forged);
    FOR_EACH_OPEN_POSITION(p)
    {
        if (pos_forced_move(p) != POS_NO_MOVE)
            continue;
        uint8_t cell = table_move(forged, p);
        uint16_t cells = table_cells(forged, sym_canonical(p), false), marked = p.x | p.o;
        *missing += (cell == POS_NO_MOVE) + !cells;
        assert_true(cell == POS_NO_MOVE || cell < POS_CELLS);
        assert_true(cells <= POS_ALL && !cells == (cell == POS_NO_MOVE));
        *occupied += (cell < POS_CELLS && (marked & (1u << cell))) + !!(cells & marked);
        if (damaged_bucket < TABLE_BUCKETS &&
            sym_canonical(p).key % TABLE_BUCKETS != damaged_bucket) {
            assert_perfect(p, cell);
            assert_int_equal(cells, ref_best_cells(p));
        }
        assert_true(engine_use_table(forged));
        cell = engine_move(p);
        assert_true(cell < POS_CELLS && !(marked & (1u << cell)));
        assert_true(engine_use_table(forged));
        cells = engine_best_cells(p);
        assert_true(cells && !(cells & (uint16_t)~pos_empty(p)));
    }
}

static void test_table_entry_damage_is_never_trusted(void **state)
{
    (void)state;
    /* Even a table whose CRC was forged never yields an illegal move: an empty slot
     * reads as "no move" (and no set), a slot naming occupied cells is refused by
     * engine_move() and engine_best_cells(). */
    static uint8_t forged[TABLE_BYTES];
    forge_empty_slots(forged);
    FOR_EACH_OPEN_POSITION(p)
    {
        if (pos_forced_move(p) == POS_NO_MOVE) {
            assert_int_equal(table_move(forged, p), POS_NO_MOVE);
            assert_int_equal(table_cells(forged, sym_canonical(p), false), 0);
        }
    }
    /* One bucket's displacement one slot further, bucket by bucket: that bucket's keys
     * land in other slots, empty ones (no move) or other images' (moves that may be
     * poor, or name occupied cells: only the CRC catches a poor one); every other
     * key still finds its own. */
    int missing = 0, occupied = 0;
    for (uint16_t b = 0; b < TABLE_BUCKETS; b++) {
        memcpy(forged, table_data, TABLE_BYTES);
        uint8_t *displacement = &forged[TABLE_DISPLACEMENT_OFFSET + b];
        *displacement = (uint8_t)((*displacement + 1u) % TABLE_SLOTS);
        check_forged(forged, b, &missing, &occupied);
    }
    assert_true(missing > 0);
    assert_true(occupied > 0);
    /* Every displacement 0: keys collide and land in empty slots. */
    memcpy(forged, table_data, TABLE_BYTES);
    memset(forged + TABLE_DISPLACEMENT_OFFSET, 0, TABLE_BUCKETS);
    missing = occupied = 0;
    check_forged(forged, TABLE_BUCKETS, &missing, &occupied);
    assert_true(missing > 0);
    assert_true(engine_init());
}

static void test_engine_falls_back_mid_game(void **state)
{
    (void)state;
    /* engine_move and engine_best_cells on a table that lost its entries (CRC forged
     * valid) stop trusting it. */
    static uint8_t forged[TABLE_BYTES];
    forge_empty_slots(forged);
    forge_crc(forged);
    assert_true(engine_use_table(forged));
    pos_t empty = {0, 0};
    assert_perfect(empty, engine_move(empty));
    assert_false(engine_table_ok());
    assert_true(engine_use_table(forged));
    assert_int_equal(engine_best_cells(empty), POS_ALL);
    assert_false(engine_table_ok());
    assert_true(engine_init());
}

/* engine_outcome on a table whose CRC was forged valid but whose slots all name no
 * cell: each play-out that reaches a hard position stops at the bad move, stops trusting
 * the table and answers from the solver; the answer is right either way. */
static void test_outcome_with_forged_table(void **state)
{
    (void)state;
    static uint8_t forged[TABLE_BYTES];
    forge_empty_slots(forged);
    forge_crc(forged);
    int fell_back = 0;
    FOR_EACH_OPEN_POSITION(p)
    {
        assert_true(engine_use_table(forged));
        int score = ref_score_of(p), marks = pos_count(p.x | p.o);
        engine_outcome_t out = engine_outcome(p);
        assert_int_equal(out.result, score > 0 ? ENGINE_WIN : score < 0 ? ENGINE_LOSS : ENGINE_DRAW);
        assert_int_equal(out.plies, score > 0 ? 10 - score - marks : score < 0 ? 10 + score - marks : 9 - marks);
        fell_back += !engine_table_ok();
    }
    assert_true(fell_back > 0);
    assert_true(engine_init());
}

/* pos_first_cell never runs past the board: no cell gives POS_CELLS. */
static void test_first_cell_is_bounded(void **state)
{
    (void)state;
    assert_int_equal(pos_first_cell(0), POS_CELLS);
    assert_int_equal(pos_first_cell(0xFE00u), POS_CELLS);
    for (uint8_t c = 0; c < POS_CELLS; c++)
        assert_int_equal(pos_first_cell((uint16_t)(0xFFFFu << c)), c);
}

static void test_tie_break_examples(void **state)
{
    (void)state;
    /* Immediate win beats block; lowest winning cell first. */
    pos_t p = {0x003 | 0x040, 0x018 | 0x100}; /* x: 0,1,6  o: 3,4,8 */
    assert_int_equal(engine_move(p), 2);
    /* Block when no win: x 0 and 4 vs o 8, o to... (x 0,1 / o 4): o must block at 2. */
    p = (pos_t){0x003, 0x010};
    assert_int_equal(engine_move(p), 2);
    /* The empty board: the canonical image is itself; every move draws, cell 0 first. */
    assert_int_equal(engine_move((pos_t){0, 0}), 0);
    /* CRC-16/CCITT-FALSE check value. */
    assert_int_equal(crc16("123456789", 9), 0x29B1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_codes_round_trip, ref_setup),
        cmocka_unit_test_setup(test_legality_matches_reachability, ref_setup),
        cmocka_unit_test_setup(test_lines_not_completed_by_one_move, ref_setup),
        cmocka_unit_test_setup(test_symmetry, ref_setup),
        cmocka_unit_test_setup(test_plain_minimax_node_count, ref_setup),
        cmocka_unit_test_setup(test_table_is_perfect_everywhere, ref_setup),
        cmocka_unit_test_setup(test_solver_matches_table_and_reference, ref_setup),
        cmocka_unit_test_setup(test_outcome_from_table_and_solver, ref_setup),
        cmocka_unit_test_setup(test_best_cells_from_table_and_solver, ref_setup),
        cmocka_unit_test_setup(test_every_damaged_byte_is_caught, ref_setup),
        cmocka_unit_test_setup(test_table_layout, ref_setup),
        cmocka_unit_test_setup(test_table_entry_damage_is_never_trusted, ref_setup),
        cmocka_unit_test_setup(test_engine_falls_back_mid_game, ref_setup),
        cmocka_unit_test_setup(test_outcome_with_forged_table, ref_setup),
        cmocka_unit_test_setup(test_first_cell_is_bounded, ref_setup),
        cmocka_unit_test_setup(test_tie_break_examples, ref_setup),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
