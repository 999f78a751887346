/* firmware/engine/gen_fade.c - solves fading marks on the host by retrograde analysis and
 * writes the packed table of one perfect move per state (firmware/engine/README.md,
 * "Fading marks"). --damaged: the first record's byte changed, the CRC stale
 * (tests). --time: the analysis's wall-clock on stdout, a `make bench` line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc16.h"
#include "gen_common.h"
#include "position.h"
#include "state.h"
#include "sym.h"

/* A state seen from the side to move: its cells and the other side's, oldest first. The
 * rules are the same for both sides, so this is all that decides the game. */
typedef struct {
    uint8_t m[FADE_KEEP], t[FADE_KEEP];
    uint8_t nm, nt;
} gen_state_t;

#define GEN_CODES 1000000u /* six digits, one per queue place: a cell, or 9 for none */
#define GEN_NONE 9u
#define GEN_STATES_MAX 80000u
#define GEN_PHASES 7u /* by the marks on the board: (0,0), (0,1), (1,1), ..., (3,3) */

static int32_t gen_id[GEN_CODES]; /* a code's state, or -1 */
static gen_state_t gen_states[GEN_STATES_MAX];
static int32_t gen_child[GEN_STATES_MAX][POS_CELLS]; /* -1: not a move */
static int8_t gen_result[GEN_STATES_MAX];            /* ENGINE-style: 1 win, -1 loss, 0 */
static uint8_t gen_dist[GEN_STATES_MAX], gen_known[GEN_STATES_MAX];
static uint32_t gen_count;

static uint16_t gen_mask(const uint8_t *cells, uint8_t n)
{
    uint16_t mask = 0;
    for (uint8_t i = 0; i < n; i++)
        mask |= (uint16_t)(1u << cells[i]);
    return mask;
}

static uint32_t gen_code(const gen_state_t *g)
{
    uint32_t code = 0;
    for (int i = FADE_KEEP - 1; i >= 0; i--)
        code = code * 10u + (i < g->nt ? g->t[i] : GEN_NONE);
    for (int i = FADE_KEEP - 1; i >= 0; i--)
        code = code * 10u + (i < g->nm ? g->m[i] : GEN_NONE);
    return code;
}

/* The code's state if it is one: distinct cells, the counts of a phase, no line of the
 * side to move (the other side's line: the game is over). */
static int gen_decode(uint32_t code, gen_state_t *g)
{
    uint8_t *q[2] = {g->m, g->t}, *n[2] = {&g->nm, &g->nt};
    for (int side = 0; side < 2; side++) {
        *n[side] = 0;
        for (int i = 0; i < FADE_KEEP; i++, code /= 10u) {
            uint8_t d = (uint8_t)(code % 10u);
            if (d == GEN_NONE)
                continue;
            if (d >= POS_CELLS || i != *n[side])
                return 0; /* not a cell, or a gap */
            q[side][(*n[side])++] = d;
        }
    }
    uint16_t mine = gen_mask(g->m, g->nm), theirs = gen_mask(g->t, g->nt);
    int counts = g->nt == g->nm || g->nt == g->nm + 1; /* the other side moved first or last */
    return counts && pos_count(mine) == g->nm && pos_count(theirs) == g->nt && !(mine & theirs) &&
           !pos_lines(mine);
}

/* The board's state: the side to move is X when the counts are equal. */
static state_t gen_to_state(const gen_state_t *g)
{
    state_t s = state_start();
    uint8_t me = g->nm == g->nt ? 0 : 1;
    s.to_move = (uint8_t)(PLAYER_X + me);
    s.plies = (uint8_t)(g->nm + g->nt);
    memcpy(s.queue[me], g->m, g->nm);
    memcpy(s.queue[me ^ 1], g->t, g->nt);
    *(me ? &s.pos.o : &s.pos.x) = gen_mask(g->m, g->nm);
    *(me ? &s.pos.x : &s.pos.o) = gen_mask(g->t, g->nt);
    return s;
}

static gen_state_t gen_from_state(const state_t *s)
{
    gen_state_t g;
    uint8_t me = (uint8_t)(s->to_move - PLAYER_X);
    g.nm = pos_count(me ? s->pos.o : s->pos.x);
    g.nt = pos_count(me ? s->pos.x : s->pos.o);
    memcpy(g.m, s->queue[me], FADE_KEEP);
    memcpy(g.t, s->queue[me ^ 1], FADE_KEEP);
    return g;
}

/* Every state, and every move's child by the firmware's own rule (state_play). */
static int gen_states_and_moves(void)
{
    for (uint32_t code = 0; code < GEN_CODES; code++) {
        gen_id[code] = -1;
        if (gen_decode(code, &gen_states[gen_count])) {
            if (gen_count + 1 >= GEN_STATES_MAX)
                return 0;
            gen_id[code] = (int32_t)gen_count++;
        }
    }
    for (uint32_t i = 0; i < gen_count; i++) {
        state_t s = gen_to_state(&gen_states[i]);
        for (uint8_t c = 0; c < POS_CELLS; c++) {
            gen_child[i][c] = -1;
            if (state_is_over(RULE_FADING, &s) || !(pos_empty(s.pos) >> c & 1u))
                continue;
            state_t t = s;
            state_play(RULE_FADING, &t, c);
            gen_state_t g = gen_from_state(&t);
            gen_child[i][c] = gen_id[gen_code(&g)];
            if (gen_child[i][c] < 0)
                return 0; /* a move left the states */
        }
    }
    return 1;
}

/* Every state is reachable from the empty board (breadth first). */
static uint32_t gen_reachable(void)
{
    static uint8_t seen[GEN_STATES_MAX];
    static int32_t queue[GEN_STATES_MAX];
    uint32_t head = 0, tail = 0;
    gen_state_t empty = {{0}, {0}, 0, 0};
    queue[tail++] = gen_id[gen_code(&empty)];
    seen[queue[0]] = 1;
    while (head < tail) {
        int32_t i = queue[head++];
        for (uint8_t c = 0; c < POS_CELLS; c++) {
            int32_t j = gen_child[i][c];
            if (j >= 0 && !seen[j]) {
                seen[j] = 1;
                queue[tail++] = j;
            }
        }
    }
    return tail;
}

/* One level of the analysis: a state is won in n plies when a move reaches a state lost
 * in n - 1, lost in n when every move reaches a won state and the longest is n - 1.
 * Returns how many states it decided. */
static uint32_t gen_level(uint8_t n)
{
    uint32_t decided = 0;
    for (uint32_t i = 0; i < gen_count; i++) {
        if (gen_known[i])
            continue;
        int win = 0, all_won = 1, longest = -1;
        for (uint8_t c = 0; c < POS_CELLS; c++) {
            int32_t j = gen_child[i][c];
            if (j < 0)
                continue;
            win |= gen_known[j] && gen_result[j] < 0 && gen_dist[j] == n - 1;
            all_won &= gen_known[j] && gen_result[j] > 0;
            if (gen_known[j] && gen_dist[j] > longest)
                longest = gen_dist[j];
        }
        if (win || (all_won && longest == n - 1)) {
            gen_result[i] = (int8_t)(win ? 1 : -1);
            gen_dist[i] = n;
            gen_known[i] = 2; /* decided at this level: read as known from the next */
            decided++;
        }
    }
    for (uint32_t i = 0; i < gen_count; i++)
        gen_known[i] = gen_known[i] != 0;
    return decided;
}

/* The analysis: lost in 0 where the other side has a line; levels until one decides
 * nothing; the rest are draws. Returns the longest distance. */
static uint8_t gen_retrograde(void)
{
    for (uint32_t i = 0; i < gen_count; i++) {
        const gen_state_t *g = &gen_states[i];
        gen_known[i] = pos_lines(gen_mask(g->t, g->nt)) != 0;
        gen_result[i] = (int8_t)(gen_known[i] ? -1 : 0);
        gen_dist[i] = 0;
    }
    uint8_t n = 1;
    while (gen_level(n))
        n++;
    return (uint8_t)(n - 1);
}

/* Every perfect move of state i (README, "Fading marks": the same result at the same
 * distance; a draw's: every move to a draw). */
static uint16_t gen_best(uint32_t i)
{
    uint16_t cells = 0;
    for (uint8_t c = 0; c < POS_CELLS; c++) {
        int32_t j = gen_child[i][c];
        if (j < 0)
            continue;
        if (gen_result[i] == 0 ? gen_result[j] == 0
                               : gen_result[j] == -gen_result[i] && gen_dist[j] + 1 == gen_dist[i])
            cells |= (uint16_t)(1u << c);
    }
    return cells;
}

/* ---- the table ------------------------------------------------------------------- */

#define GEN_CLASSES_MAX 600u
#define GEN_TABLE_MAX 8192u
static uint16_t gen_keys[GEN_PHASES][GEN_CLASSES_MAX];
static pos_t gen_images[GEN_PHASES][GEN_CLASSES_MAX];
static uint16_t gen_classes[GEN_PHASES];
/* The phase's hash (README, "The fading table"): its buckets and their displacements. */
static uint16_t gen_buckets[GEN_PHASES];
#define GEN_BUCKETS_MAX 255u
static uint8_t gen_disp[GEN_PHASES][GEN_BUCKETS_MAX];

static int gen_key_order(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* The canonical (mine, theirs) mask pairs of a phase that can be looked up: counts of
 * the phase, no line on either side; sorted by key. Returns 0 if two images share a key. */
static int gen_collect(uint8_t phase)
{
    static pos_t image_of[SYM_KEYS];
    static uint8_t seen[SYM_KEYS];
    uint8_t nm = phase / 2u, nt = (uint8_t)((phase + 1u) / 2u);
    for (uint16_t mine = 0; mine <= POS_ALL; mine++)
        for (uint16_t theirs = 0; theirs <= POS_ALL; theirs++) {
            if (pos_count(mine) != nm || pos_count(theirs) != nt || (mine & theirs) ||
                pos_lines(mine) || pos_lines(theirs))
                continue;
            sym_canon_t canon = sym_canonical((pos_t){mine, theirs});
            pos_t image = {sym_image(canon.k, mine), sym_image(canon.k, theirs)};
            if (!seen[canon.key]) {
                seen[canon.key] = 1;
                image_of[canon.key] = image;
                gen_images[phase][gen_classes[phase]] = image;
                gen_keys[phase][gen_classes[phase]++] = canon.key;
            } else if (image_of[canon.key].x != image.x || image_of[canon.key].o != image.o) {
                return 0;
            }
        }
    qsort(gen_keys[phase], gen_classes[phase], sizeof(uint16_t), gen_key_order);
    for (uint16_t c = 0; c < gen_classes[phase]; c++)
        gen_images[phase][c] = image_of[gen_keys[phase][c]];
    return 1;
}

/* The slot of `key` in a phase of n classes and b buckets, displacements d: as
 * fade.c's look-up. */
static uint16_t gen_slot(uint16_t key, uint16_t n, uint16_t b, const uint8_t *d)
{
    return (uint16_t)((key / b + d[key % b]) % n);
}

/* Bucket `bk`'s displacement: the least that puts its keys in free slots of their own,
 * marked used; -1 if none does. */
static int gen_place(uint8_t phase, uint16_t b, uint16_t bk, uint8_t *used)
{
    uint16_t n = gen_classes[phase];
    for (unsigned d = 0; d < n; d++) {
        uint8_t taken[GEN_CLASSES_MAX] = {0};
        uint16_t c = 0;
        for (; c < n; c++) {
            uint16_t key = gen_keys[phase][c], slot = (uint16_t)((key / b + d) % n);
            if (key % b != bk)
                continue;
            if (used[slot] || taken[slot])
                break;
            taken[slot] = 1;
        }
        if (c < n)
            continue;
        for (c = 0; c < n; c++)
            used[c] |= taken[c];
        return (int)d;
    }
    return -1;
}

/* A minimal perfect hash of the phase's keys onto 0..n-1 with the fewest buckets (at
 * most GEN_BUCKETS_MAX) whose greedy placement (the fullest buckets first) succeeds; the
 * classes then reordered by slot. Returns 0 if none does. */
static int gen_hash(uint8_t phase)
{
    uint16_t n = gen_classes[phase];
    if (n > 256u)
        return 0; /* a displacement is a byte */
    for (uint16_t b = 1; b <= GEN_BUCKETS_MAX; b++) {
        uint8_t used[GEN_CLASSES_MAX] = {0};
        memset(gen_disp[phase], 0, sizeof gen_disp[phase]);
        uint16_t size[GEN_BUCKETS_MAX] = {0}, c, done = 0;
        for (c = 0; c < n; c++)
            size[gen_keys[phase][c] % b]++;
        for (uint16_t fill = n; fill > 0 && done == 0; fill--)
            for (uint16_t bk = 0; bk < b; bk++) {
                int d = size[bk] == fill ? gen_place(phase, b, bk, used) : 0;
                if (d < 0) {
                    done = 1;
                    break;
                }
                if (size[bk] == fill)
                    gen_disp[phase][bk] = (uint8_t)d;
            }
        if (done)
            continue;
        uint16_t keys[GEN_CLASSES_MAX];
        pos_t images[GEN_CLASSES_MAX];
        for (c = 0; c < n; c++) {
            uint16_t slot = gen_slot(gen_keys[phase][c], n, b, gen_disp[phase]);
            keys[slot] = gen_keys[phase][c];
            images[slot] = gen_images[phase][c];
        }
        memcpy(gen_keys[phase], keys, n * sizeof keys[0]);
        memcpy(gen_images[phase], images, n * sizeof images[0]);
        gen_buckets[phase] = b;
        return 1;
    }
    return 0;
}

/* The rank of n ages listed by increasing cell (Lehmer code: README). */
static uint8_t gen_rank(const uint8_t *age, uint8_t n)
{
    uint8_t r = 0;
    for (uint8_t i = 0; i < n; i++) {
        uint8_t smaller = 0;
        for (uint8_t j = i + 1u; j < n; j++)
            smaller += age[j] < age[i];
        r = (uint8_t)(r * (n - i) + smaller);
    }
    return r;
}

static const uint8_t gen_factorial[FADE_KEEP + 1] = {1, 1, 2, 6};

/* The queue of a mask's cells (increasing) whose ages rank r. */
static void gen_unrank(uint16_t mask, uint8_t n, uint8_t r, uint8_t *queue)
{
    static const uint8_t perms[6][FADE_KEEP] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                                {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint8_t cells[FADE_KEEP], k = 0, age[FADE_KEEP];
    for (uint8_t c = 0; c < POS_CELLS; c++)
        if (mask >> c & 1u)
            cells[k++] = c;
    for (uint8_t p = 0; p < 6; p++) { /* the permutation of n ages whose rank is r */
        uint8_t ok = 1;
        for (uint8_t i = 0; i < n; i++) {
            age[i] = n == FADE_KEEP ? perms[p][i] : n == 2 ? (uint8_t)(p == 0 ? i : 1 - i) : 0;
            ok &= age[i] < n;
        }
        if (ok && gen_rank(age, n) == r)
            break;
    }
    for (uint8_t i = 0; i < n; i++)
        queue[age[i]] = cells[i];
}

/* The perfect moves of the class's image with ranked ages, one bit per empty cell of the
 * image in increasing order; 0 if those ages make no state (or it has no move). */
static uint16_t gen_record(pos_t image, uint8_t phase, uint8_t rm, uint8_t rt)
{
    gen_state_t g = {{0}, {0}, phase / 2u, (uint8_t)((phase + 1u) / 2u)};
    gen_unrank(image.x, g.nm, rm, g.m);
    gen_unrank(image.o, g.nt, rt, g.t);
    int32_t i = gen_id[gen_code(&g)];
    if (i < 0)
        return 0;
    uint16_t best = gen_best((uint32_t)i), bits = 0;
    uint8_t k = 0;
    for (uint8_t c = 0; c < POS_CELLS; c++)
        if (!((image.x | image.o) >> c & 1u))
            bits |= (uint16_t)((best >> c & 1u) << k++);
    return bits;
}

/* A record of phase p is a digit in base e = 9 - p (the image's empty cells); the most
 * such digits a byte holds, d, with e^d <= 256 (README, "The fading table"). */
static uint8_t gen_digits(uint8_t p)
{
    unsigned e = POS_CELLS - p, d = 0;
    for (unsigned top = e; top <= 256u; top *= e)
        d++;
    return (uint8_t)d;
}

#define GEN_ORDERS_MAX 36u /* 3! x 3! orders of the ages */
static uint8_t gen_records[GEN_PHASES][GEN_CLASSES_MAX][GEN_ORDERS_MAX];
static uint8_t gen_same[GEN_PHASES][GEN_CLASSES_MAX]; /* every order: one record */
static uint16_t gen_flag_bytes[GEN_PHASES];           /* the phase's flags and counts */

/* Every record of the phase, rm major: the move's index among the image's empty cells,
 * the lowest cell perfect for every order of the ages if one is (the class is then
 * flagged: one record), else each order's lowest perfect cell (README, "The fading
 * table"); the phase's flag bytes, if the records they spare outweigh them (else none:
 * every class has a record per order). 0: a failure. */
static int gen_phase_records(uint8_t p)
{
    uint8_t fm = gen_factorial[p / 2u], ft = gen_factorial[(p + 1u) / 2u];
    uint32_t flagged = 0, groups = (gen_classes[p] + 7u) / 8u;
    for (uint16_t c = 0; c < gen_classes[p]; c++) {
        uint16_t sets[GEN_ORDERS_MAX], every = 0x1FFu;
        for (uint8_t o = 0; o < fm * ft; o++) {
            sets[o] = gen_record(gen_images[p][c], p, o / ft, o % ft);
            if (!sets[o])
                return 0;
            every &= sets[o];
        }
        for (uint8_t o = 0; o < fm * ft; o++)
            gen_records[p][c][o] = pos_first_cell(every ? every : sets[o]);
        gen_same[p][c] = every != 0;
        flagged += gen_same[p][c];
    }
    uint32_t spared = flagged * (fm * ft - 1u); /* records, against a group's two bytes */
    gen_flag_bytes[p] = spared > 2u * groups * gen_digits(p) ? (uint16_t)(2u * groups) : 0u;
    return 1;
}

/* Per 8 classes of the phase: their flags (bit i: class 8g + i has one record for every
 * order), then the count of such classes before them. 0: a count past a byte. */
static int gen_put_flags(uint8_t p, uint8_t *at)
{
    unsigned before = 0;
    for (uint16_t g = 0; g < gen_flag_bytes[p] / 2u; g++) {
        uint8_t flags = 0;
        for (uint8_t i = 0; i < 8u && 8u * g + i < gen_classes[p]; i++)
            flags |= (uint8_t)(gen_same[p][8u * g + i] << i);
        at[2u * g] = flags;
        at[2u * g + 1u] = (uint8_t)before;
        if (before > 255u)
            return 0;
        for (uint8_t i = 0; i < 8u; i++)
            before += flags >> i & 1u;
    }
    return 1;
}

/* Phase p's records from `at`, each a digit of the bytes (README): record i is digit
 * i mod d, in base e, of byte i / d. Returns the bytes they take. */
static uint16_t gen_put_records(uint8_t p, uint8_t *at)
{
    uint8_t orders = gen_factorial[p / 2u] * gen_factorial[(p + 1u) / 2u], e = POS_CELLS - p;
    uint16_t i = 0;
    uint8_t d = gen_digits(p);
    for (uint16_t c = 0; c < gen_classes[p]; c++)
        for (uint8_t o = 0; o < (gen_flag_bytes[p] && gen_same[p][c] ? 1u : orders); o++, i++) {
            uint8_t weight = 1;
            for (uint8_t k = 0; k < i % d; k++)
                weight = (uint8_t)(weight * e);
            at[i / d] = (uint8_t)(at[i / d] + gen_records[p][c][o] * weight);
        }
    return (uint16_t)((i + d - 1u) / d);
}

/* The displacements, the flags, then the records phase by phase, each phase's classes in
 * slot order (a flagged class: one record), each phase from a byte of its own;
 * phase_at[p]: where phase p's records start after FADE_RECORDS_OFFSET. Returns the
 * table's bytes (CRC included), 0 on a failure. */
static size_t gen_pack(uint8_t *table, uint32_t *phase_at)
{
    size_t at = 0;
    for (uint8_t p = 0; p < GEN_PHASES; p++)
        for (uint16_t bk = 0; bk < gen_buckets[p]; bk++)
            table[at++] = gen_disp[p][bk];
    for (uint8_t p = 0; p < GEN_PHASES; p++) {
        if (!gen_phase_records(p) || !gen_put_flags(p, table + at))
            return 0;
        at += gen_flag_bytes[p];
    }
    uint8_t *records = table + at;
    phase_at[0] = 0;
    for (uint8_t p = 0; p < GEN_PHASES; p++)
        phase_at[p + 1u] = phase_at[p] + gen_put_records(p, records + phase_at[p]);
    size_t bytes = at + phase_at[GEN_PHASES] + 2u;
    uint16_t crc = crc16(table, (uint16_t)(bytes - 2u));
    table[bytes - 2] = (uint8_t)(crc >> 8);
    table[bytes - 1] = (uint8_t)crc;
    return bytes;
}

/* The empty board's value, for the generated comment. */
static void gen_empty_value(char *text, size_t len)
{
    gen_state_t empty = {{0}, {0}, 0, 0};
    int32_t i = gen_id[gen_code(&empty)];
    if (gen_result[i] == 0)
        snprintf(text, len, "a draw");
    else
        snprintf(text, len, "%s in %u plies", gen_result[i] > 0 ? "won by X" : "won by O",
                 (unsigned)gen_dist[i]);
}

/* A macro listing n + 1 numbers, each the sum of those before it plus its own value. */
static void gen_list(FILE *h, const char *name, const uint32_t *v, uint8_t n)
{
    fprintf(h, "#define %s {", name);
    for (uint8_t i = 0; i <= n; i++)
        fprintf(h, "%s%uu", i ? ", " : "", (unsigned)v[i]);
    fprintf(h, "}\n");
}

static int gen_write(const char *c_path, const char *h_path, const uint8_t *table, size_t bytes,
                     const uint32_t *phase_at, uint8_t longest, int damaged)
{
    uint32_t keys[GEN_PHASES + 1] = {0}, buckets[GEN_PHASES + 1] = {0};
    uint32_t flags[GEN_PHASES + 1] = {0};
    for (uint8_t p = 0; p < GEN_PHASES; p++) {
        keys[p + 1] = keys[p] + gen_classes[p];
        buckets[p + 1] = buckets[p] + gen_buckets[p];
        flags[p + 1] = flags[p] + gen_flag_bytes[p];
    }
    char empty[40];
    gen_empty_value(empty, sizeof empty);
    FILE *h = fopen(h_path, "w"), *c = fopen(c_path, "w");
    if (!h || !c) {
        perror("gen_fade");
        return 1;
    }
    fprintf(h, "/* Generated by firmware/engine/gen_fade.c - do not edit. */\n"
               "#ifndef FADE_GEN_H\n#define FADE_GEN_H\n");
    fprintf(h,
            "#define FADE_TABLE_BYTES %zuu\n#define FADE_DIST_MAX %uu\n#define FADE_STATES %uu\n",
            bytes, (unsigned)longest, (unsigned)gen_count);
    fprintf(h, "/* phase p (p marks on the board): classes [p] to [p + 1], buckets (their\n"
               " * displacements' bytes) [p] to [p + 1], its flag bytes from FADE_FLAGS_OFFSET\n"
               " * + [p] to [p + 1] (none: no class flagged), its records' bytes from\n"
               " * FADE_RECORDS_OFFSET + [p] to [p + 1] */\n");
    gen_list(h, "FADE_PHASE_CLASSES", keys, GEN_PHASES);
    gen_list(h, "FADE_PHASE_BUCKETS", buckets, GEN_PHASES);
    gen_list(h, "FADE_PHASE_FLAGS", flags, GEN_PHASES);
    gen_list(h, "FADE_PHASE_RECORDS", phase_at, GEN_PHASES);
    fprintf(h,
            "#define FADE_FLAGS_OFFSET %uu /* after the displacements */\n"
            "#define FADE_RECORDS_OFFSET %uu /* the records, after the flags */\n"
            "#endif\n",
            (unsigned)buckets[GEN_PHASES], (unsigned)(buckets[GEN_PHASES] + flags[GEN_PHASES]));
    fprintf(c,
            "/* Generated by firmware/engine/gen_fade.c - do not edit.\n"
            " * Fading marks: %u states, the empty board %s; %u canonical classes,\n"
            " * one perfect move per state, %zu bytes.%s */\n"
            "#include \"fade.h\"\n\nconst uint8_t fade_table[FADE_TABLE_BYTES] PROGMEM = {",
            (unsigned)gen_count, empty, (unsigned)keys[GEN_PHASES], bytes,
            damaged ? "\n * DAMAGED for tests: the first record's byte changed; the CRC is stale."
                    : "");
    gen_put_bytes(c, table, bytes);
    return fclose(c) || fclose(h) ? 1 : 0;
}

/* The analysis, checked: every state reachable, every move inside the states. */
static int gen_solve(uint8_t *longest)
{
    if (!gen_states_and_moves()) {
        fprintf(stderr, "gen_fade: a move leaves the states (or too many states)\n");
        return 0;
    }
    if (gen_reachable() != gen_count) {
        fprintf(stderr, "gen_fade: %u states, %u reachable\n", (unsigned)gen_count,
                (unsigned)gen_reachable());
        return 0;
    }
    *longest = gen_retrograde();
    return 1;
}

int main(int argc, char **argv)
{
    static uint8_t table[GEN_TABLE_MAX];
    uint32_t phase_at[GEN_PHASES + 1];
    int damaged = argc > 1 && strcmp(argv[1], "--damaged") == 0, timed = 0;
    argv += damaged, argc -= damaged;
    timed = argc > 1 && strcmp(argv[1], "--time") == 0;
    argv += timed, argc -= timed;
    if (argc != 3) {
        fprintf(stderr, "usage: gen_fade [--damaged] [--time] OUT.c OUT.h\n");
        return 2;
    }
    double start = gen_now();
    uint8_t longest;
    if (!gen_solve(&longest))
        return 1;
    if (timed)
        printf("fading_retrograde_seconds %.3f\n", gen_now() - start);
    for (uint8_t p = 0; p < GEN_PHASES; p++)
        if (!gen_collect(p) || !gen_hash(p)) {
            fprintf(stderr, "gen_fade: two canonical images share a key, or no hash\n");
            return 1;
        }
    size_t bytes = gen_pack(table, phase_at);
    if (!bytes || crc16(table, (uint16_t)bytes) != 0) {
        fprintf(stderr, "gen_fade: a record has no state or no perfect move, a count of "
                        "flagged classes past a byte, or a bad CRC\n");
        return 1;
    }
    if (damaged)
        table[bytes - 2u - phase_at[GEN_PHASES]] ^= 0x01u; /* the CRC stale */
    return gen_write(argv[1], argv[2], table, bytes, phase_at, longest, damaged);
}
