/* firmware/engine/gen_table.c - solves tic-tac-toe on the host and writes the packed
 * solution table as C source (build/gen/table_data.c) and its sizes (table_gen.h).
 *
 * Its own solver: memoised negamax over all 3^9 boards with the engine's scoring (a win
 * with the n-th mark is worth 10 - n to the winner), independent of firmware/engine/solver.c,
 * so the tests comparing table and solver compare two different programs. Host-only:
 * recursion and large arrays are fine here. Usage: gen_table [--damaged] OUT.c OUT.h;
 * --damaged writes a test table whose first entry names another cell and whose CRC is
 * stale (the firmware must notice at boot and play on with the solver). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc16.h"
#include "position.h"
#include "sym.h"

#define GEN_BOARDS POS_CODES
#define GEN_UNKNOWN 127
#define GEN_STEP_MAX 0xFFFu /* an entry holds a 12-bit key step (table.h) */
#define GEN_BLOCK 16u        /* entries per block of the index (TABLE_BLOCK, table.h) */

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

static int gen_compare_keys(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

int main(int argc, char **argv)
{
    int damaged = argc == 4 && strcmp(argv[1], "--damaged") == 0;
    if (argc != 3 + damaged) {
        fprintf(stderr, "usage: gen_table [--damaged] OUT.c OUT.h\n");
        return 2;
    }
    argv += damaged;
    memset(gen_memo, GEN_UNKNOWN, sizeof gen_memo);
    static uint8_t seen[SYM_KEYS];
    static uint16_t keys[SYM_KEYS];
    static pos_t canon_of_key[SYM_KEYS];
    size_t n = 0;
    for (uint16_t code = 0; code < GEN_BOARDS; code++) {
        pos_t p = pos_from_code(code);
        if (!pos_is_legal(p) || pos_is_over(p) || pos_forced_move(p) != POS_NO_MOVE)
            continue;
        sym_canon_t canon = sym_canonical(p);
        uint16_t key = canon.key;
        uint8_t k = canon.k;
        if (key >= SYM_KEYS) {
            fprintf(stderr, "gen_table: key %u out of range\n", key);
            return 1;
        }
        if (!seen[key]) {
            seen[key] = 1;
            keys[n++] = key;
            canon_of_key[key] = (pos_t){sym_image(k, p.x), sym_image(k, p.o)};
        } else if (canon_of_key[key].x != sym_image(k, p.x) || canon_of_key[key].o != sym_image(k, p.o)) {
            fprintf(stderr, "gen_table: two canonical images share key %u\n", key);
            return 1;
        }
    }
    qsort(keys, n, sizeof keys[0], gen_compare_keys);

    /* The entries, the block index (table.h), the CRC. */
    size_t blocks = (n + GEN_BLOCK - 1) / GEN_BLOCK;
    size_t index_offset = 2 * n;
    size_t bytes = 2 * n + 2 * (blocks - 1) + 2;
    uint8_t *table = calloc(bytes, 1);
    if (!table)
        return 1;
    for (size_t i = 0; i < n; i++) {
        pos_t p = canon_of_key[keys[i]];
        int best = -128, best_cell = -1;
        for (uint8_t c = 0; c < POS_CELLS; c++)
            if (pos_empty(p) & (1u << c)) {
                int s = -gen_score(pos_play(p, c));
                if (s > best) {
                    best = s;
                    best_cell = c;
                }
            }
        unsigned step = keys[i] - (i ? keys[i - 1] : 0u);
        if (step > GEN_STEP_MAX) {
            fprintf(stderr, "gen_table: key step %u does not fit the entry's 12 bits\n", step);
            return 1;
        }
        uint16_t entry = (uint16_t)(step << 4 | (unsigned)best_cell);
        table[2 * i] = (uint8_t)(entry & 0xFF);
        table[2 * i + 1] = (uint8_t)(entry >> 8);
    }
    for (size_t b = 1; b < blocks; b++) { /* the key before block b: its last entry's */
        table[index_offset + 2 * (b - 1)] = (uint8_t)(keys[GEN_BLOCK * b - 1] & 0xFF);
        table[index_offset + 2 * (b - 1) + 1] = (uint8_t)(keys[GEN_BLOCK * b - 1] >> 8);
    }
    uint16_t crc = crc16(table, (uint16_t)(bytes - 2));
    table[bytes - 2] = (uint8_t)(crc >> 8); /* high byte first: the CRC of it all is 0 */
    table[bytes - 1] = (uint8_t)(crc & 0xFF);
    if (crc16(table, (uint16_t)bytes) != 0) {
        fprintf(stderr, "gen_table: the table's CRC residue is not 0\n");
        return 1;
    }
    if (damaged)
        table[0] ^= 0x01u; /* entry 0's move: another cell, CRC left stale */

    FILE *h = fopen(argv[2], "w");
    FILE *c = fopen(argv[1], "w");
    if (!h || !c) {
        perror("gen_table");
        return 1;
    }
    fprintf(h, "/* Generated by firmware/engine/gen_table.c - do not edit. */\n"
               "#ifndef TABLE_GEN_H\n#define TABLE_GEN_H\n"
               "#define TABLE_ENTRIES %zuu\n#define TABLE_BLOCKS %zuu\n#define TABLE_BYTES %zuu\n"
               "#define TABLE_EMPTY_BOARD_SCORE %d\n#endif\n",
            n, blocks, bytes, gen_score((pos_t){0, 0}));
    fprintf(c, "/* Generated by firmware/engine/gen_table.c - do not edit.\n"
               " * %zu canonical hard positions, %zu bytes, CRC 0x%04X.%s */\n"
               "#include \"table.h\"\n\nconst uint8_t table_data[TABLE_BYTES] PROGMEM = {",
            n, bytes, crc,
            damaged ? "\n * DAMAGED for tests: entry 0 names another cell; the CRC is stale." : "");
    for (size_t i = 0; i < bytes; i++)
        fprintf(c, "%s0x%02X,", i % 12 ? " " : "\n    ", table[i]);
    fprintf(c, "\n};\n");
    free(table);
    return fclose(c) || fclose(h) ? 1 : 0;
}
