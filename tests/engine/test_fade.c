/* tests/engine/test_fade.c - proves the fading-marks player perfect on every state.
 *
 * The states are found here by a breadth-first search from the empty board through the
 * firmware's rule (state_play): every one is legal, their counts are the generator's.
 * The proof does not recompute the retrograde analysis (tests/variants/ compares an
 * independent one): it checks that the table's own answers solve the game. Every state
 * gets its outcome by the play-out of the table's moves, and every outcome must agree
 * with its children's (a win in d: a move to a loss in d - 1 and none to a shorter loss;
 * a loss in d: every move to a win, the longest in d - 1; a draw: no move to a loss),
 * and every state's move must be one of the moves that reach the best child (the table
 * stores one; its set is that cell alone). A win or loss comes from a play-out that ended
 * on a line, so it is real; by induction on the distance, agreeing outcomes are then the
 * game's values, and the moves are perfect. Also: the rule on examples and exhaustively,
 * the draw rule's limit, the damaged and forged tables, the fallback's answers, and the
 * per-rule API. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "crc16.h"
#include "fade.h"
#include "play.h"
#include "position.h"
#include "state.h"

#define FX_MAX 140000u
#define FX_CODES 1000000u

static state_t fx_states[FX_MAX];
static engine_outcome_t fx_out[FX_MAX];
static int32_t fx_index[2][FX_CODES]; /* [side to move][queues' code]: the state, or -1 */
static uint32_t fx_count;
static uint8_t fx_depth_max;

/* Both queues as six digits (9: no mark), X's first. */
static uint32_t fx_code(const state_t *s)
{
    uint32_t code = 0;
    for (uint8_t side = 0; side < 2; side++) {
        uint8_t n = pos_count(side ? s->pos.o : s->pos.x);
        for (uint8_t i = 0; i < FADE_KEEP; i++)
            code = code * 10u + (i < n ? s->queue[side][i] : 9u);
    }
    return code;
}

static int32_t *fx_slot(const state_t *s)
{
    return &fx_index[s->to_move - PLAYER_X][fx_code(s)];
}

/* Breadth first from the empty board; plies: the depth it was first reached at. */
static void fx_explore(void)
{
    memset(fx_index, 0xFF, sizeof fx_index);
    fx_states[0] = state_start();
    *fx_slot(&fx_states[0]) = 0;
    fx_count = 1;
    for (uint32_t head = 0; head < fx_count; head++) {
        state_t s = fx_states[head];
        if (state_is_over(RULE_FADING, &s))
            continue;
        for (uint8_t c = 0; c < POS_CELLS; c++) {
            state_t t = s;
            if (!(pos_empty(s.pos) >> c & 1u))
                continue;
            state_play(RULE_FADING, &t, c);
            if (*fx_slot(&t) >= 0)
                continue;
            assert_true(fx_count < FX_MAX);
            *fx_slot(&t) = (int32_t)fx_count;
            fx_states[fx_count++] = t;
            fx_depth_max = t.plies > fx_depth_max ? t.plies : fx_depth_max;
        }
    }
}

static int fx_setup(void **state)
{
    (void)state;
    play_init();
    if (!fx_count) {
        fx_explore();
        for (uint32_t i = 0; i < fx_count; i++)
            fx_out[i] = fade_outcome(&fx_states[i]);
    }
    assert_true(fade_use_table(fade_table));
    return 0;
}

/* A state from both queues (oldest first, POS_NO_MOVE-ended) and the plies. */
static state_t fx_make(const uint8_t *x, const uint8_t *o, uint8_t plies)
{
    state_t s = state_start();
    for (uint8_t i = 0; i < FADE_KEEP; i++) {
        s.queue[0][i] = x[i];
        s.queue[1][i] = o[i];
        if (x[i] < POS_CELLS)
            s.pos.x |= (uint16_t)(1u << x[i]);
        if (o[i] < POS_CELLS)
            s.pos.o |= (uint16_t)(1u << o[i]);
    }
    s.plies = plies;
    s.to_move = (uint8_t)(PLAYER_X + (plies & 1u));
    return s;
}

#define NO POS_NO_MOVE

/* The three questions of the rule (README, "The rule"), on a board. */
static void test_rule_examples(void **state)
{
    (void)state;
    /* X: 0 (oldest), 1, 5; O: 3, 4, 8; X to move. Cell 0 vanishes as X marks. */
    state_t s = fx_make((const uint8_t[]){0, 1, 5}, (const uint8_t[]){3, 4, 8}, 6);
    assert_true(state_is_legal(RULE_FADING, &s));
    assert_int_equal(state_vanishing(RULE_FADING, &s, PLAYER_X), 0);
    assert_int_equal(state_vanishing(RULE_FADING, &s, PLAYER_O), 3);
    assert_int_equal(state_vanishing(RULE_NORMAL, &s, PLAYER_X), NO);
    /* The cell just vacated is no choice: cell 0 is marked when X chooses. */
    assert_false(pos_empty(s.pos) >> 0 & 1u);
    assert_false(play_best_cells(RULE_FADING, &s) >> 0 & 1u);
    /* A line through the vanishing mark is no win: 0-1-2 with 0 gone. */
    assert_false(state_wins(RULE_FADING, &s) >> 2 & 1u);
    state_t t = s;
    state_play(RULE_FADING, &t, 2);
    assert_int_equal(state_winner(RULE_FADING, &t), PLAYER_NONE);
    assert_int_equal(t.pos.x, (1u << 1) | (1u << 5) | (1u << 2)); /* the oldest went first */
    assert_memory_equal(t.queue[0], ((const uint8_t[]){1, 5, 2}), FADE_KEEP);
    assert_int_equal(t.to_move, PLAYER_O);
    /* A line of the two marks that stay and the new one wins: X 5, 0, 1 plays 2. */
    s = fx_make((const uint8_t[]){5, 0, 1}, (const uint8_t[]){3, 4, 8}, 6);
    assert_int_equal(state_wins(RULE_FADING, &s), 1u << 2);
    state_play(RULE_FADING, &s, 2);
    assert_int_equal(state_winner(RULE_FADING, &s), PLAYER_X);
    assert_true(state_is_over(RULE_FADING, &s));
    /* Before three marks nothing vanishes. */
    s = fx_make((const uint8_t[]){4, NO, NO}, (const uint8_t[]){0, NO, NO}, 2);
    assert_int_equal(state_vanishing(RULE_FADING, &s, PLAYER_X), NO);
    state_play(RULE_FADING, &s, 8);
    assert_int_equal(s.pos.x, (1u << 4) | (1u << 8));
}

/* Illegal states are refused: each one thing wrong. */
static void test_legality(void **state)
{
    (void)state;
    const uint8_t x[] = {0, 1, 5}, o[] = {3, 4, 8};
    state_t s = fx_make(x, o, 6);
    assert_true(state_is_legal(RULE_FADING, &s));
    s.queue[0][0] = 2; /* the queue names a cell the mask does not have */
    assert_false(state_is_legal(RULE_FADING, &s));
    s = fx_make(x, o, 7); /* O to move at 7 plies: fine, the other way round */
    assert_true(state_is_legal(RULE_FADING, &s));
    s.to_move = PLAYER_X; /* the side to move is the plies' parity */
    assert_false(state_is_legal(RULE_FADING, &s));
    s = fx_make(x, o, 5); /* 3 marks of O after 5 plies */
    assert_false(state_is_legal(RULE_FADING, &s));
    s = fx_make((const uint8_t[]){0, 1, 0}, o, 6); /* a cell twice */
    assert_false(state_is_legal(RULE_FADING, &s));
    s = fx_make((const uint8_t[]){0, 1, 2}, o, 6); /* the side to move has a line */
    assert_false(state_is_legal(RULE_FADING, &s));
    s = fx_make((const uint8_t[]){4, NO, NO}, (const uint8_t[]){0, NO, NO}, 2);
    assert_true(state_is_legal(RULE_FADING, &s));
    s.queue[1][2] = 7; /* a cell past the marks: it would vanish (state_vanishing) */
    assert_false(state_is_legal(RULE_FADING, &s));
    s = fx_make(x, (const uint8_t[]){6, 7, 8}, 6); /* the other side's line: over, legal */
    assert_true(state_is_legal(RULE_FADING, &s));
    assert_true(state_is_over(RULE_FADING, &s));
    s = fx_make(x, o, FADE_PLY_LIMIT + 2u); /* past the draw rule */
    assert_false(state_is_legal(RULE_FADING, &s));
    s = fx_make(x, o, FADE_PLY_LIMIT);
    assert_true(state_is_legal(RULE_FADING, &s));
    assert_true(state_is_over(RULE_FADING, &s));
    assert_int_equal(state_winner(RULE_FADING, &s), PLAYER_NONE);
}

/* Every state reached: legal, counted; the wins at once are the cells that win. */
static void test_every_state(void **state)
{
    (void)state;
    static uint8_t seen[FX_CODES];
    uint32_t positions = 0, open = 0;
    for (uint32_t i = 0; i < fx_count; i++) {
        const state_t *s = &fx_states[i];
        assert_true(state_is_legal(RULE_FADING, s));
        state_t seen_as = *s; /* the same state from the mover's side: the game's own */
        seen_as.to_move = PLAYER_X;
        if (s->to_move == PLAYER_O) {
            seen_as.pos = (pos_t){s->pos.o, s->pos.x};
            memcpy(seen_as.queue[0], s->queue[1], FADE_KEEP);
            memcpy(seen_as.queue[1], s->queue[0], FADE_KEEP);
        }
        positions += !seen[fx_code(&seen_as)];
        seen[fx_code(&seen_as)] = 1;
        if (state_is_over(RULE_FADING, s))
            continue;
        open++;
        uint16_t wins = 0;
        for (uint8_t c = 0; c < POS_CELLS; c++) {
            state_t t = *s;
            if (!(pos_empty(s->pos) >> c & 1u))
                continue;
            state_play(RULE_FADING, &t, c);
            wins |= (uint16_t)((state_winner(RULE_FADING, &t) == s->to_move) << c);
        }
        assert_int_equal(state_wins(RULE_FADING, s), wins);
        assert_int_equal(state_losses(RULE_FADING, s), 0);
    }
    print_message("fading: %u states by X and O (%u unfinished), %u seen from the mover, "
                  "the deepest first reached at ply %u\n",
                  (unsigned)fx_count, (unsigned)open, (unsigned)positions, fx_depth_max);
    assert_int_equal(fx_count, 128170);
    assert_int_equal(open, 116074);
    assert_int_equal(positions, FADE_STATES);
    assert_int_equal(fx_depth_max, 7); /* every state within 7 plies of the empty board */
    assert_int_equal(FADE_STATES, 73450);
}

/* The outcome state i must have by its children's (the header's argument), and the set
 * of moves that reach the best child: every perfect move. */
static engine_outcome_t fx_expected(uint32_t i, uint16_t *best)
{
    const state_t *s = &fx_states[i];
    engine_outcome_t want = {ENGINE_DRAW, (uint8_t)(FADE_PLY_LIMIT - s->plies)};
    uint16_t lose = 0, draw = 0, won[FADE_DIST_MAX + 1u] = {0};
    uint8_t shortest = 0xFF, longest = 0;
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        state_t t = *s;
        if (!(pos_empty(s->pos) >> c & 1u))
            continue;
        state_play(RULE_FADING, &t, c);
        engine_outcome_t o = fx_out[*fx_slot(&t)];
        assert_true(o.result == ENGINE_DRAW || o.plies <= FADE_DIST_MAX);
        if (o.result == ENGINE_LOSS && o.plies <= shortest) {
            lose = o.plies < shortest ? 0 : lose;
            shortest = o.plies;
            lose |= (uint16_t)(1u << c);
        }
        if (o.result == ENGINE_WIN) {
            won[o.plies] |= (uint16_t)(1u << c);
            longest = o.plies > longest ? o.plies : longest;
        }
        draw |= (uint16_t)((o.result == ENGINE_DRAW) << c);
    }
    if (lose) {
        want = (engine_outcome_t){ENGINE_WIN, (uint8_t)(shortest + 1u)};
        *best = lose;
    } else if (!draw) {
        want = (engine_outcome_t){ENGINE_LOSS, (uint8_t)(longest + 1u)};
        *best = won[longest];
    } else {
        *best = draw;
    }
    return want;
}

static void test_table_solves_the_game(void **state)
{
    (void)state;
    uint32_t counts[3] = {0}, dist_max = 0, choices = 0;
    assert_true(fx_depth_max + FADE_DIST_MAX + 1u < FADE_PLY_LIMIT); /* no limit here */
    for (uint32_t i = 0; i < fx_count; i++) {
        const state_t *s = &fx_states[i];
        engine_outcome_t got = fx_out[i];
        counts[got.result - ENGINE_LOSS]++;
        if (state_is_over(RULE_FADING, s)) {
            assert_int_equal(got.result, ENGINE_LOSS);
            assert_int_equal(got.plies, 0);
            continue;
        }
        uint16_t best = 0, cells = play_best_cells(RULE_FADING, s);
        engine_outcome_t want = fx_expected(i, &best);
        if (got.result != want.result || got.plies != want.plies || pos_count(cells) != 1u ||
            (cells & (uint16_t)~best))
            fail_msg("state %u (x %03x o %03x): outcome %d/%u, move %03x; its children say "
                     "%d/%u, perfect moves %03x", (unsigned)i, s->pos.x, s->pos.o, got.result,
                     got.plies, cells, want.result, want.plies, best);
        assert_int_equal(play_move(RULE_FADING, s), pos_first_cell(cells));
        choices += pos_count(best) > 1u;
        if (got.result != ENGINE_DRAW && got.plies > dist_max)
            dist_max = got.plies;
    }
    assert_true(fade_table_ok()); /* the table answered every state itself */
    print_message("fading, states by X and O: %u won, %u drawn, %u lost for the side to move; "
                  "%u unfinished with more than one perfect move\n", (unsigned)counts[2],
                  (unsigned)counts[1], (unsigned)counts[0], (unsigned)choices);
    assert_int_equal(counts[2], 78613);
    assert_int_equal(counts[1], 13193);
    assert_int_equal(counts[0], 36364);
    assert_int_equal(choices, 14694); /* where the table's one move is a choice */
    assert_int_equal(dist_max, FADE_DIST_MAX);
    assert_int_equal(fx_out[0].result, ENGINE_WIN); /* the empty board: X wins */
    assert_int_equal(fx_out[0].plies, 13);
    uint16_t edges = 0;
    fx_expected(0, &edges);
    assert_int_equal(edges, 0x0AA); /* only the edges win */
    assert_int_equal(play_best_cells(RULE_FADING, &fx_states[0]), 1u << 1); /* the lowest */
}

/* The draw rule: a win or loss whose plies would pass FADE_PLY_LIMIT is a draw (the
 * README: the table's moves stay perfect under the limit). */
static void test_draw_rule_limit(void **state)
{
    (void)state;
    int checked[2] = {0, 0};
    for (uint32_t i = 0; i < fx_count; i++) {
        state_t s = fx_states[i];
        engine_outcome_t o = fx_out[i];
        if (o.result == ENGINE_DRAW || o.plies < 2u || state_is_over(RULE_FADING, &s) ||
            pos_count(s.pos.x | s.pos.o) != 2u * FADE_KEEP)
            continue;
        /* the same marks at the last plies of the same parity that still fit the result */
        s.plies = (uint8_t)(FADE_PLY_LIMIT - o.plies);
        if ((s.plies & 1u) != (s.to_move == PLAYER_O))
            continue;
        assert_true(state_is_legal(RULE_FADING, &s));
        engine_outcome_t fits = play_outcome(RULE_FADING, &s);
        assert_int_equal(fits.result, o.result);
        assert_int_equal(fits.plies, o.plies);
        s.plies = (uint8_t)(s.plies + 2u); /* two plies later it no longer fits */
        engine_outcome_t cut = play_outcome(RULE_FADING, &s);
        assert_int_equal(cut.result, ENGINE_DRAW);
        assert_int_equal(cut.plies, o.plies - 2u);
        checked[o.result == ENGINE_WIN]++;
    }
    assert_true(checked[0] > 0 && checked[1] > 0);
    state_t end = fx_states[0];
    end.plies = FADE_PLY_LIMIT; /* an empty board at the limit: over, a draw */
    assert_true(state_is_over(RULE_FADING, &end));
    assert_int_equal(play_outcome(RULE_FADING, &end).result, ENGINE_DRAW);
    assert_int_equal(play_outcome(RULE_FADING, &end).plies, 0);
}

/* The fallback's set: every empty cell (legal; the game refuses fading meanwhile). */
static void check_fallback(const state_t *s)
{
    assert_int_equal(fade_best_cells(s), pos_empty(s->pos));
}

/* A copy of the table with byte `at` changed by `flip` (0: unchanged). */
static uint8_t *fx_copy(uint16_t at, uint8_t flip)
{
    static uint8_t copy[FADE_TABLE_BYTES];
    memcpy(copy, fade_table, FADE_TABLE_BYTES);
    copy[at] ^= flip;
    return copy;
}

static void fx_forge_crc(uint8_t *t)
{
    uint16_t crc = crc16(t, FADE_TABLE_BYTES - 2u);
    t[FADE_TABLE_BYTES - 2u] = (uint8_t)(crc >> 8);
    t[FADE_TABLE_BYTES - 1u] = (uint8_t)crc;
}

/* Every damaged byte is caught by the CRC; the answers are then the fallback's, on every
 * state, and a play-out still ends. */
static void test_damaged_table(void **state)
{
    (void)state;
    static const uint8_t flips[] = {0x01, 0x80, 0xFF, 0x5A};
    for (uint16_t i = 0; i < FADE_TABLE_BYTES; i++)
        for (uint8_t f = 0; f < sizeof flips; f++) {
            assert_false(fade_use_table(fx_copy(i, flips[f])));
            assert_false(play_table_ok(RULE_FADING));
        }
    for (uint32_t i = 0; i < fx_count; i++)
        if (!state_is_over(RULE_FADING, &fx_states[i]))
            check_fallback(&fx_states[i]);
    engine_outcome_t o = play_outcome(RULE_FADING, &fx_states[0]);
    assert_true(o.plies <= FADE_PLY_LIMIT);
    assert_true(fade_use_table(fade_table));
    assert_true(play_table_ok(RULE_FADING));
}

/* Per phase, the first byte past its records (README, "The fading table": e^d, e the
 * images' empty cells, d the most base-e digits a byte holds); 256: every byte names
 * cells. */
static const uint16_t fx_top[FADE_PHASES] = {81, 64, 49, 216, 125, 256, 243};

/* A copy of the table whose record bytes of each phase p are fx_top[p] + delta (at most
 * 255), its CRC made valid. */
static uint8_t *fx_forge_records(int delta)
{
    static const uint16_t at[] = FADE_PHASE_RECORDS;
    uint8_t *forged = fx_copy(0, 0);
    for (uint8_t p = 0; p < FADE_PHASES; p++) {
        int byte = fx_top[p] + delta > 255 ? 255 : fx_top[p] + delta;
        memset(forged + FADE_RECORDS_OFFSET + at[p], byte, at[p + 1u] - at[p]);
    }
    fx_forge_crc(forged);
    return forged;
}

/* Record bytes forged, the CRC made valid (damage the CRC misses). A byte just below its
 * phase's top holds digits below e: every answer a legal cell. A byte of the top (243 in
 * phase 6) or past it is damage: no cell, and the first such answer refuses the table for
 * good, the answer is the fallback's; in phase 5 (4^4 = 256) every byte names cells, a
 * legal move that only the CRC tells from the true one. Every state of every phase. */
static void test_forged_records(void **state)
{
    (void)state;
    static const int deltas[] = {-1, 0, 255};
    for (uint8_t v = 0; v < sizeof deltas / sizeof deltas[0]; v++) {
        const uint8_t *forged = fx_forge_records(deltas[v]);
        uint32_t refused[FADE_PHASES] = {0}, legal[FADE_PHASES] = {0};
        for (uint32_t i = 0; i < fx_count; i++) {
            const state_t *s = &fx_states[i];
            uint8_t phase = pos_count(s->pos.x | s->pos.o);
            if (state_is_over(RULE_FADING, s))
                continue;
            bool damage = deltas[v] >= 0 && fx_top[phase] < 256u;
            uint16_t cells = fade_table_cells(forged, s);
            if (damage)
                assert_int_equal(cells, 0);
            else
                assert_true(pos_count(cells) == 1 && !(cells & (uint16_t)~pos_empty(s->pos)));
            if (refused[phase] + legal[phase] == 0) { /* the game's view, once per phase */
                assert_true(fade_use_table(forged));
                assert_int_equal(fade_best_cells(s), damage ? pos_empty(s->pos) : cells);
                assert_int_equal(fade_table_ok(), !damage);
            }
            (damage ? refused : legal)[phase]++;
        }
        for (uint8_t p = 0; p < FADE_PHASES; p++)
            assert_true((deltas[v] >= 0 && fx_top[p] < 256u ? refused : legal)[p] > 0);
    }
    assert_true(fade_use_table(fade_table));
}

/* A displacement changed, the CRC made valid: its bucket's classes read other classes'
 * records, answers the look-up cannot tell from true ones (the CRC is what guards them,
 * as the normal table's displacements), yet only ever empty cells; the other classes keep
 * their own. */
static void test_forged_displacement(void **state)
{
    (void)state;
    static const uint16_t buckets[] = FADE_PHASE_BUCKETS;
    uint8_t *forged = fx_copy(buckets[4], 0x01u); /* phase 4's first bucket (two X, two O) */
    fx_forge_crc(forged);
    int moved = 0, kept = 0;
    for (uint32_t i = 0; i < fx_count; i++) {
        const state_t *s = &fx_states[i];
        if (state_is_over(RULE_FADING, s) || pos_count(s->pos.x | s->pos.o) != 4u)
            continue;
        uint16_t cells = fade_table_cells(forged, s);
        assert_int_equal(cells & (uint16_t)~pos_empty(s->pos), 0);
        moved += cells != fade_table_cells(fade_table, s);
        kept += cells == fade_table_cells(fade_table, s);
    }
    assert_true(moved > 0 && kept > 0);
    assert_true(fade_use_table(fade_table));
}

/* The per-rule API answers as each game's own player does. */
static void test_play_api(void **state)
{
    (void)state;
    play_init();
    for (uint8_t rule = 0; rule < RULE_COUNT; rule++)
        assert_true(play_table_ok(rule));
    for (uint16_t code = 0; code < POS_CODES; code += 7u) {
        pos_t p = pos_from_code(code);
        if (!pos_is_legal(p) || pos_is_over(p))
            continue;
        state_t s = state_from_pos(p);
        assert_true(state_is_legal(RULE_NORMAL, &s) && state_is_legal(RULE_MISERE, &s));
        assert_int_equal(play_move(RULE_NORMAL, &s), engine_move(p));
        assert_int_equal(play_best_cells(RULE_NORMAL, &s), engine_best_cells(p));
        assert_int_equal(play_outcome(RULE_NORMAL, &s).plies, engine_outcome(p).plies);
        assert_int_equal(play_move(RULE_MISERE, &s), engine_misere_move(p));
        assert_int_equal(play_best_cells(RULE_MISERE, &s), engine_misere_best_cells(p));
        assert_int_equal(play_outcome(RULE_MISERE, &s).result, engine_misere_outcome(p).result);
        assert_int_equal(state_wins(RULE_MISERE, &s), 0);
        assert_int_equal(state_wins(RULE_NORMAL, &s) | state_losses(RULE_NORMAL, &s),
                         pos_threats(pos_sides(p).mine, pos_sides(p).theirs) & pos_empty(p));
        assert_int_equal(state_losses(RULE_MISERE, &s), state_wins(RULE_NORMAL, &s));
    }
    pos_t x_line = {0x007, 0x018}; /* misère: X completed a line and lost */
    state_t s = state_from_pos(x_line);
    assert_int_equal(state_winner(RULE_NORMAL, &s), PLAYER_X);
    assert_int_equal(state_winner(RULE_MISERE, &s), PLAYER_O);
    assert_false(state_is_legal(RULE_NORMAL, &(state_t){x_line, {{0}}, PLAYER_X, 5}));
    assert_int_equal(play_outcome(RULE_FADING, &fx_states[0]).result, ENGINE_WIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_rule_examples, fx_setup),
        cmocka_unit_test_setup(test_legality, fx_setup),
        cmocka_unit_test_setup(test_every_state, fx_setup),
        cmocka_unit_test_setup(test_table_solves_the_game, fx_setup),
        cmocka_unit_test_setup(test_draw_rule_limit, fx_setup),
        cmocka_unit_test_setup(test_damaged_table, fx_setup),
        cmocka_unit_test_setup(test_forged_records, fx_setup),
        cmocka_unit_test_setup(test_forged_displacement, fx_setup),
        cmocka_unit_test_setup(test_play_api, fx_setup),
    };
    return cmocka_run_group_tests_name("fading", tests, NULL, NULL);
}
