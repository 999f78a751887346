/* firmware/engine/gen_table.c - host program: the packed table of every perfect move
 * (firmware/engine/README.md, "The table in PROGMEM"); --misere: misère's; --damaged: a
 * damaged one for the tests; --time: the solving's seconds, a `make bench` line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc16.h"
#include "gen_common.h"
#include "position.h"
#include "sym.h"

#define GEN_BOARDS POS_CODES
#define GEN_UNKNOWN 127
#define GEN_SLOTS_MAX 512u   /* a displacement is a byte and, past 256 slots, a ninth bit */
#define GEN_BUCKETS_MAX 255u /* a bucket is a byte */

/* What differs between the two tables. */
typedef struct {
    int misere;
    unsigned slots;       /* a power of two, at least the hard images */
    unsigned buckets_max; /* beyond this the displacements outweigh the slots */
    const char *array;    /* the C names */
    const char *macro;
    const char *figure; /* the --time line's name */
} gen_mode_t;

static const gen_mode_t gen_modes[2] = {
    {0, 128u, 64u, "table_data", "TABLE", "table_solve_seconds"},
    {1, 512u, GEN_BUCKETS_MAX, "misere_table", "MISERE_TABLE", "misere_solve_seconds"},
};
static const gen_mode_t *gen_mode = &gen_modes[0];

static signed char gen_memo[GEN_BOARDS];

static int gen_score(pos_t p)
{
    uint16_t key = pos_code(p);
    if (gen_memo[key] != GEN_UNKNOWN)
        return gen_memo[key];
    int marks = pos_count(p.x | p.o);
    int score;
    if (pos_winner(p) != PLAYER_NONE) {
        /* the side that just moved won with mark `marks` (misère: lost) */
        score = gen_mode->misere ? 10 - marks : marks - 10;
    } else if (marks == POS_CELLS) {
        score = 0;
    } else {
        score = -128;
        for (uint8_t c = 0; c < POS_CELLS; c++)
            if (pos_empty(p) & (1u << c)) {
                int s = -gen_score(pos_play(p, c));
                if (s > score)
                    score = s;
            }
    }
    gen_memo[key] = (signed char)score;
    return score;
}

/* The least displacement that puts the m keys keys[members[i]] of one bucket in free
 * slots of their own (slot_of), marking them used; gen_mode->slots if none does. */
static unsigned gen_displace(const uint16_t *keys, const uint16_t *members, unsigned m,
                             unsigned buckets, uint8_t *used, uint16_t *slot_of)
{
    unsigned slots = gen_mode->slots;
    for (unsigned d = 0; d < slots; d++) {
        unsigned i = 0;
        for (; i < m; i++) {
            unsigned slot = (keys[members[i]] / buckets + d) % slots, j = 0;
            while (j < i && slot_of[members[j]] != slot)
                j++;
            if (used[slot] || j < i)
                break;
            slot_of[members[i]] = (uint16_t)slot;
        }
        if (i == m) {
            for (i = 0; i < m; i++)
                used[slot_of[members[i]]] = 1;
            return d;
        }
    }
    return slots;
}

/* Place the n keys with `buckets` buckets, the fullest bucket first: slot_of[i] for key
 * i and the displacement of each bucket. Returns 0 if some bucket finds no displacement. */
static int gen_place(const uint16_t *keys, size_t n, unsigned buckets, uint16_t *slot_of,
                     uint16_t *displacement)
{
    static uint16_t members[SYM_KEYS];
    uint8_t used[GEN_SLOTS_MAX] = {0};
    unsigned size[GEN_BUCKETS_MAX] = {0}, start[GEN_BUCKETS_MAX + 1] = {0};
    for (size_t i = 0; i < n; i++)
        size[keys[i] % buckets]++;
    for (unsigned b = 0; b < buckets; b++)
        start[b + 1] = start[b] + size[b];
    for (size_t i = 0, at[GEN_BUCKETS_MAX] = {0}; i < n; i++) { /* each bucket in key order */
        unsigned b = keys[i] % buckets;
        members[start[b] + at[b]++] = (uint16_t)i;
    }
    for (unsigned biggest = (unsigned)n; biggest; biggest--)
        for (unsigned b = 0; b < buckets; b++) {
            if (size[b] != biggest)
                continue;
            displacement[b] =
                (uint16_t)gen_displace(keys, members + start[b], size[b], buckets, used, slot_of);
            if (displacement[b] == gen_mode->slots)
                return 0;
        }
    return 1;
}

/* The keys of the hard canonical images (no forced move) in key order: keys[0..n-1],
 * and each key's canonical image. Returns n, or 0 if two images share a key. */
static uint16_t gen_keys[SYM_KEYS];
static pos_t gen_canon_of_key[SYM_KEYS];
static size_t gen_collect(void)
{
    static uint8_t seen[SYM_KEYS];
    size_t n = 0;
    for (uint16_t code = 0; code < GEN_BOARDS; code++) {
        pos_t p = pos_from_code(code);
        if (!pos_is_legal(p) || pos_is_over(p))
            continue;
        if (gen_mode->misere ? pos_misere_rule_cells(p) != 0 : pos_forced_move(p) != POS_NO_MOVE)
            continue; /* a rule decides it */
        sym_canon_t canon = sym_canonical(p);
        uint16_t key = canon.key;
        pos_t image = {sym_image(canon.k, p.x), sym_image(canon.k, p.o)};
        if (key >= SYM_KEYS) {
            fprintf(stderr, "gen_table: key %u out of range\n", key);
            return 0;
        }
        if (!seen[key]) {
            seen[key] = 1;
            gen_keys[n++] = key;
            gen_canon_of_key[key] = image;
        } else if (gen_canon_of_key[key].x != image.x || gen_canon_of_key[key].o != image.o) {
            fprintf(stderr, "gen_table: two canonical images share key %u\n", key);
            return 0;
        }
    }
    return n;
}

/* Every best move of p. */
static uint16_t gen_best_cells(pos_t p)
{
    int best = -128;
    uint16_t cells = 0;
    for (uint8_t c = 0; c < POS_CELLS; c++)
        if (pos_empty(p) & (1u << c)) {
            int s = -gen_score(pos_play(p, c));
            if (s > best) {
                best = s;
                cells = 0;
            }
            if (s == best)
                cells |= (uint16_t)(1u << c);
        }
    return cells;
}

/* The table in the README's layout: slots, cell 8's bits, displacements, their ninth
 * bits (past 256 slots), CRC. */
static void gen_fill(uint8_t *table, size_t bytes, size_t n, unsigned buckets,
                     const uint16_t *slot_of, const uint16_t *displacement)
{
    unsigned slots = gen_mode->slots, at = slots + slots / 8;
    memset(table, 0, bytes);
    for (size_t i = 0; i < n; i++) {
        uint16_t cells = gen_best_cells(gen_canon_of_key[gen_keys[i]]);
        table[slot_of[i]] = (uint8_t)cells;
        if (cells >> 8)
            table[slots + slot_of[i] / 8] |= (uint8_t)(1u << (slot_of[i] % 8));
    }
    for (unsigned b = 0; b < buckets; b++) {
        table[at + b] = (uint8_t)displacement[b];
        if (displacement[b] >> 8)
            table[at + buckets + b / 8] |= (uint8_t)(1u << (b % 8));
    }
    uint16_t crc = crc16(table, (uint16_t)(bytes - 2));
    table[bytes - 2] = (uint8_t)(crc >> 8);
    table[bytes - 1] = (uint8_t)(crc & 0xFF);
}

/* crc: the table's as generated. */
static int gen_write(const char *c_path, const char *h_path, const uint8_t *table, size_t bytes,
                     size_t n, unsigned buckets, uint16_t crc, int damaged)
{
    const char *m = gen_mode->macro;
    FILE *h = fopen(h_path, "w");
    FILE *c = fopen(c_path, "w");
    if (!h || !c) {
        perror("gen_table");
        return 1;
    }
    fprintf(h,
            "/* Generated by firmware/engine/gen_table.c - do not edit. */\n"
            "#ifndef %s_GEN_H\n#define %s_GEN_H\n#define %s_SLOTS %uu\n"
            "#define %s_ENTRIES %zuu\n#define %s_BUCKETS %uu\n#define %s_BYTES %zuu\n"
            "#endif\n",
            m, m, m, gen_mode->slots, m, n, m, buckets, m, bytes);
    fprintf(c,
            "/* Generated by firmware/engine/gen_table.c - do not edit.\n"
            " * %zu canonical hard positions%s, every perfect move, %zu bytes, CRC 0x%04X.%s */\n"
            "#include \"table.h\"\n\nconst uint8_t %s[%s_BYTES] PROGMEM = {",
            n, gen_mode->misere ? " of misere" : "", bytes, crc,
            damaged ? "\n * DAMAGED for tests: slot 0's cell 0 flipped; the CRC is stale." : "",
            gen_mode->array, m);
    gen_put_bytes(c, table, bytes);
    return fclose(c) || fclose(h) ? 1 : 0;
}

/* The options before the two paths: --damaged, --misere, --time. */
static int gen_options(int *argc, char ***argv, int *damaged, int *timed)
{
    while (*argc > 1 && strncmp((*argv)[1], "--", 2) == 0) {
        const char *o = (*argv)[1];
        if (strcmp(o, "--damaged") == 0)
            *damaged = 1;
        else if (strcmp(o, "--misere") == 0)
            gen_mode = &gen_modes[1];
        else if (strcmp(o, "--time") == 0)
            *timed = 1;
        else
            return 0;
        (*argc)--;
        (*argv)++;
    }
    return *argc == 3;
}

int main(int argc, char **argv)
{
    static uint16_t slot_of[SYM_KEYS], displacement[GEN_BUCKETS_MAX];
    int damaged = 0, timed = 0;
    if (!gen_options(&argc, &argv, &damaged, &timed)) {
        fprintf(stderr, "usage: gen_table [--damaged] [--misere] [--time] OUT.c OUT.h\n");
        return 2;
    }
    double start = gen_now();
    memset(gen_memo, GEN_UNKNOWN, sizeof gen_memo);
    gen_score((pos_t){0, 0}); /* every reachable board's score, memoised */
    size_t n = gen_collect();
    if (!n)
        return 1;
    if (timed)
        printf("%s %.3f\n", gen_mode->figure, gen_now() - start);
    unsigned buckets = 1, slots = gen_mode->slots;
    while (buckets <= gen_mode->buckets_max &&
           !gen_place(gen_keys, n, buckets, slot_of, displacement))
        buckets++;
    if (buckets > gen_mode->buckets_max) {
        fprintf(stderr, "gen_table: no displacements place the %zu keys in %u slots\n", n, slots);
        return 1;
    }
    size_t bytes = slots + slots / 8 + buckets + (slots > 256 ? (buckets + 7) / 8 : 0) + 2;
    uint8_t *table = malloc(bytes);
    if (!table)
        return 1;
    gen_fill(table, bytes, n, buckets, slot_of, displacement);
    uint16_t crc = (uint16_t)(table[bytes - 2] << 8 | table[bytes - 1]);
    if (crc16(table, (uint16_t)bytes) != 0) {
        fprintf(stderr, "gen_table: the table's CRC residue is not 0\n");
        return 1;
    }
    if (damaged)
        table[0] ^= 0x01u; /* the CRC left stale */
    int status = gen_write(argv[1], argv[2], table, bytes, n, buckets, crc, damaged);
    free(table);
    return status;
}
