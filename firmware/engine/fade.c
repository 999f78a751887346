/* firmware/engine/fade.c - the perfect player of fading marks (firmware/engine/README.md,
 * "Fading marks"). Invariant: fade_in_use is NULL or a table whose CRC matched and that
 * has not yet given a bad answer. */
#include "fade.h"

#include <stddef.h>

#include "sym.h"
#include "table.h" /* table_crc_ok() */

static const uint8_t *fade_in_use;
static const uint16_t fade_phase_classes[FADE_PHASES + 1u] PROGMEM = FADE_PHASE_CLASSES;
static const uint16_t fade_phase_buckets[FADE_PHASES + 1u] PROGMEM = FADE_PHASE_BUCKETS;
static const uint16_t fade_phase_flags[FADE_PHASES + 1u] PROGMEM = FADE_PHASE_FLAGS;
static const uint16_t fade_phase_records[FADE_PHASES + 1u] PROGMEM = FADE_PHASE_RECORDS;
static const uint8_t fade_factorial[FADE_KEEP + 1u] PROGMEM = {1, 1, 2, 6};

bool fade_use_table(const uint8_t *table)
{
    bool ok = table_crc_ok(table, FADE_TABLE_BYTES);
    fade_in_use = ok ? table : NULL;
    return ok;
}

bool fade_init(void)
{
    return fade_use_table(fade_table);
}

bool fade_table_ok(void)
{
    return fade_in_use != NULL;
}

/* The age of a side's mark on `cell`: its place in the queue, 0 the oldest. */
static uint8_t fade_age(const uint8_t *queue, uint8_t n, uint8_t cell)
{
    uint8_t i = 0;
    while (i < n && queue[i] != cell)
        i++;
    return i;
}

/* The rank of n ages listed by increasing cell (their Lehmer code, 0..n! - 1). */
static uint8_t fade_rank(const uint8_t *age, uint8_t n)
{
    uint8_t r = 0;
    for (uint8_t i = 0; i < n; i++) {
        uint8_t smaller = 0;
        for (uint8_t j = (uint8_t)(i + 1u); j < n; j++)
            smaller += age[j] < age[i];
        r = (uint8_t)(r * (n - i) + smaller);
    }
    return r;
}

/* The class of a canonical key in its phase: its slot in the phase's minimal perfect
 * hash (README, "The fading table"), a bucket's displacement added to the key's quotient. */
static uint16_t fade_class(const uint8_t *table, uint8_t phase, uint16_t key)
{
    uint16_t n = (uint16_t)(pgm_read_word(&fade_phase_classes[phase + 1u]) -
                            pgm_read_word(&fade_phase_classes[phase]));
    uint16_t first = pgm_read_word(&fade_phase_buckets[phase]);
    uint16_t b = (uint16_t)(pgm_read_word(&fade_phase_buckets[phase + 1u]) - first);
    return (uint16_t)((key / b + pgm_read_byte(table + first + key % b)) % n);
}

/* Record r of a phase whose images have e empty cells: digit r mod d, in base e, of the
 * phase's byte r / d, d the most base-e digits a byte holds (e^d <= 256: README, "The
 * fading table"). A byte of e^d or more is damage: read as e, an index no cell has. */
static uint8_t fade_digit(const uint8_t *records, uint16_t r, uint8_t e)
{
    uint16_t top = 1u;
    uint8_t d = 0, weight = 1u;
    for (; top * e <= 256u; d++)
        top = (uint16_t)(top * e);
    uint8_t byte = pgm_read_byte(records + r / d);
    for (uint8_t i = (uint8_t)(r % d); i > 0; i--)
        weight = (uint8_t)(weight * e);
    return byte < top ? (uint8_t)(byte / weight % e) : e;
}

/* The canonical image of a state seen from its mover: each side's ages in the image's
 * cell order, and the state's cell under each empty cell of the image, in order. Static,
 * as the solver's frames: the look-up is among the deepest calls of the firmware. */
typedef struct {
    uint8_t age[2][FADE_KEEP], count[2];
    uint8_t empty[POS_CELLS], n_empty;
} fade_image_t;
static fade_image_t fade_image;

static sym_canon_t fade_walk(const state_t *s)
{
    fade_image_t *w = &fade_image;
    uint8_t me = (uint8_t)(s->to_move - PLAYER_X), n[2] = {0, 0};
    uint16_t mine = me ? s->pos.o : s->pos.x, theirs = me ? s->pos.x : s->pos.o;
    sym_canon_t canon = sym_canonical((pos_t){mine, theirs});
    w->count[0] = pos_count(mine);
    w->count[1] = pos_count(theirs);
    w->n_empty = 0;
    for (uint8_t j = 0; j < POS_CELLS; j++) {
        uint8_t cell = sym_source(canon.k, j), side = theirs >> cell & 1u;
        if (!((mine | theirs) >> cell & 1u))
            w->empty[w->n_empty++] = cell;
        else
            w->age[side][n[side]++] = fade_age(s->queue[me ^ side], w->count[side], cell);
    }
    return canon;
}

/* The record of class c's ages ranked `rank` among `orders`: a class has a record per
 * order, but one whose every order has one move (flagged) has one record. The flags, per
 * 8 classes, are followed by the count of flagged classes before them (README). */
static uint16_t fade_record(const uint8_t *table, uint8_t phase, uint16_t c, uint8_t orders,
                            uint8_t rank)
{
    uint16_t at = pgm_read_word(&fade_phase_flags[phase]);
    uint8_t before = 0;
    if (at != pgm_read_word(&fade_phase_flags[phase + 1u])) {
        const uint8_t *f = table + FADE_FLAGS_OFFSET + at + 2u * (c / 8u);
        uint8_t flags = pgm_read_byte(f);
        before = pgm_read_byte(f + 1);
        for (uint8_t i = 0; i < (c & 7u); i++)
            before += flags >> i & 1u;
        if (flags >> (c & 7u) & 1u)
            rank = 0;
    }
    return (uint16_t)(before + (c - before) * orders + rank);
}

/* The look-up (README, "The fading table"): the canonical image of (mover's marks, other
 * side's marks), the ages of each side's marks in the image's cell order, the record of
 * that class and those ranks: the move's index among the image's empty cells, a digit in
 * base their count, mapped back. A damaged byte: no cell. */
uint16_t fade_table_cells(const uint8_t *table, const state_t *s)
{
    const fade_image_t *w = &fade_image;
    sym_canon_t canon = fade_walk(s);
    uint8_t phase = (uint8_t)(w->count[0] + w->count[1]), e = w->n_empty;
    uint8_t theirs = pgm_read_byte(&fade_factorial[w->count[1]]);
    uint8_t orders = (uint8_t)(pgm_read_byte(&fade_factorial[w->count[0]]) * theirs);
    uint8_t rank =
        (uint8_t)(fade_rank(w->age[0], w->count[0]) * theirs + fade_rank(w->age[1], w->count[1]));
    uint16_t record = fade_record(table, phase, fade_class(table, phase, canon.key), orders, rank);
    const uint8_t *records =
        table + FADE_RECORDS_OFFSET + pgm_read_word(&fade_phase_records[phase]);
    uint8_t index = fade_digit(records, record, e);
    return index < e ? (uint16_t)(1u << w->empty[index]) : 0u;
}

/* Without the table: every empty cell. Legal and bounded; the game never plays it, for
 * it refuses fading once the table is refused (README, "When a variant's table is
 * damaged"), so a search here would be code no person sees. */
static uint16_t fade_fallback(const state_t *s)
{
    return pos_empty(s->pos);
}

/* The table's move if it has one (an index below the empty cells: an empty cell); else
 * the fallback's set, and the table is refused from then on. */
uint16_t fade_best_cells(const state_t *s)
{
    if (fade_in_use) {
        uint16_t cells = fade_table_cells(fade_in_use, s);
        if (cells)
            return cells;
        fade_in_use = NULL;
    }
    return fade_fallback(s);
}

uint8_t fade_move(const state_t *s)
{
    return pos_first_cell(fade_best_cells(s));
}

/* A won or lost game ends within FADE_DIST_MAX plies of perfect play, so a play-out that
 * has not ended after them is a draw; the draw rule ends it at FADE_PLY_LIMIT plies. */
engine_outcome_t fade_outcome(const state_t *s)
{
    state_t t = *s;
    uint8_t plies = 0;
    int8_t result = ENGINE_LOSS; /* if the side that moved last has a line */
    while (pos_winner(t.pos) == PLAYER_NONE) {
        if (t.plies >= FADE_PLY_LIMIT || plies >= FADE_DIST_MAX) {
            result = ENGINE_DRAW;
            plies = (uint8_t)(FADE_PLY_LIMIT - s->plies);
            break;
        }
        state_play(RULE_FADING, &t, fade_move(&t));
        plies++;
        result = (int8_t)-result;
    }
    engine_outcome_t out = {result, plies};
    return out;
}
