/* firmware/engine/gen_table.c - solves tic-tac-toe on the host and writes the packed
 * table of every perfect move and its sizes (firmware/engine/README.md, "The table in
 * PROGMEM"). --damaged: a table for the tests of "When the table is damaged". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc16.h"
#include "position.h"
#include "sym.h"

#define GEN_BOARDS POS_CODES
#define GEN_UNKNOWN 127
#define GEN_SLOTS 128u      /* TABLE_SLOTS (table.h asserts it) */
#define GEN_BUCKETS_MAX 64u /* beyond this the displacements outweigh the slots */

static signed char gen_memo[GEN_BOARDS];

static int gen_score(pos_t p)
{
    uint16_t key = pos_code(p);
    if (gen_memo[key] != GEN_UNKNOWN)
        return gen_memo[key];
    int marks = pos_count(p.x | p.o);
    int score;
    if (pos_winner(p) != PLAYER_NONE) {
        score = marks - 10; /* the side that just moved won with mark `marks` */
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

/* Place the n keys with `buckets` buckets: slot_of[i] for key i and the displacement of
 * each bucket. Returns 0 if some bucket finds no displacement. */
static int gen_place(const uint16_t *keys, size_t n, unsigned buckets, uint8_t *slot_of,
                     uint8_t *displacement)
{
    uint8_t used[GEN_SLOTS] = {0};
    unsigned size[GEN_BUCKETS_MAX] = {0};
    for (size_t i = 0; i < n; i++)
        size[keys[i] % buckets]++;
    for (unsigned biggest = (unsigned)n; biggest; biggest--)
        for (unsigned b = 0; b < buckets; b++) {
            if (size[b] != biggest)
                continue;
            unsigned d = 0;
            for (; d < GEN_SLOTS; d++) {
                uint8_t taken[GEN_SLOTS] = {0};
                int fits = 1;
                for (size_t i = 0; i < n && fits; i++) {
                    if (keys[i] % buckets != b)
                        continue;
                    unsigned slot = (keys[i] / buckets + d) % GEN_SLOTS;
                    fits = !used[slot] && !taken[slot];
                    taken[slot] = 1;
                    slot_of[i] = (uint8_t)slot;
                }
                if (fits) {
                    for (unsigned slot = 0; slot < GEN_SLOTS; slot++)
                        used[slot] |= taken[slot];
                    break;
                }
            }
            if (d == GEN_SLOTS)
                return 0;
            displacement[b] = (uint8_t)d;
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
        if (!pos_is_legal(p) || pos_is_over(p) || pos_forced_move(p) != POS_NO_MOVE)
            continue;
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

/* The table in the README's layout. */
static void gen_fill(uint8_t *table, size_t bytes, size_t n, unsigned buckets,
                     const uint8_t *slot_of, const uint8_t *displacement)
{
    memset(table, 0, GEN_SLOTS + GEN_SLOTS / 8);
    for (size_t i = 0; i < n; i++) {
        uint16_t cells = gen_best_cells(gen_canon_of_key[gen_keys[i]]);
        table[slot_of[i]] = (uint8_t)cells;
        if (cells >> 8)
            table[GEN_SLOTS + slot_of[i] / 8] |= (uint8_t)(1u << (slot_of[i] % 8));
    }
    memcpy(table + GEN_SLOTS + GEN_SLOTS / 8, displacement, buckets);
    uint16_t crc = crc16(table, (uint16_t)(bytes - 2));
    table[bytes - 2] = (uint8_t)(crc >> 8);
    table[bytes - 1] = (uint8_t)(crc & 0xFF);
}

/* crc: the table's as generated. */
static int gen_write(const char *c_path, const char *h_path, const uint8_t *table, size_t bytes,
                     size_t n, unsigned buckets, uint16_t crc, int damaged)
{
    FILE *h = fopen(h_path, "w");
    FILE *c = fopen(c_path, "w");
    if (!h || !c) {
        perror("gen_table");
        return 1;
    }
    fprintf(h,
            "/* Generated by firmware/engine/gen_table.c - do not edit. */\n"
            "#ifndef TABLE_GEN_H\n#define TABLE_GEN_H\n"
            "#define TABLE_ENTRIES %zuu\n#define TABLE_BUCKETS %uu\n#define TABLE_BYTES %zuu\n"
            "#endif\n",
            n, buckets, bytes);
    fprintf(c,
            "/* Generated by firmware/engine/gen_table.c - do not edit.\n"
            " * %zu canonical hard positions, every perfect move, %zu bytes, CRC 0x%04X.%s */\n"
            "#include \"table.h\"\n\nconst uint8_t table_data[TABLE_BYTES] PROGMEM = {",
            n, bytes, crc,
            damaged ? "\n * DAMAGED for tests: slot 0's cell 0 flipped; the CRC is stale." : "");
    for (size_t i = 0; i < bytes; i++)
        fprintf(c, "%s0x%02X,", i % 12 ? " " : "\n    ", table[i]);
    fprintf(c, "\n};\n");
    return fclose(c) || fclose(h) ? 1 : 0;
}

int main(int argc, char **argv)
{
    static uint8_t slot_of[SYM_KEYS], displacement[GEN_BUCKETS_MAX];
    int damaged = argc == 4 && strcmp(argv[1], "--damaged") == 0;
    if (argc != 3 + damaged) {
        fprintf(stderr, "usage: gen_table [--damaged] OUT.c OUT.h\n");
        return 2;
    }
    argv += damaged;
    memset(gen_memo, GEN_UNKNOWN, sizeof gen_memo);
    size_t n = gen_collect();
    if (!n)
        return 1;
    unsigned buckets = 1;
    while (buckets <= GEN_BUCKETS_MAX && !gen_place(gen_keys, n, buckets, slot_of, displacement))
        buckets++;
    if (buckets > GEN_BUCKETS_MAX) {
        fprintf(stderr, "gen_table: no displacements place the %zu keys in %u slots\n", n,
                GEN_SLOTS);
        return 1;
    }
    size_t bytes = GEN_SLOTS + GEN_SLOTS / 8 + buckets + 2;
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
