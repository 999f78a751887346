/* tests/engine/ref.c - the independent reference for the engine tests: textbook
 * recursive minimax over an int[9] board, its own base-3 codes, its own depth-first
 * reachability from the empty board, and the symmetries, canonical image and tie-break
 * from their definitions (geometry and brute force). Host only: it may recurse and use
 * big arrays. */
#include "ref.h"

#include <string.h>

static const int ref_lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
unsigned char ref_reachable[REF_BOARDS];
static signed char ref_memo[REF_BOARDS], ref_misere_memo[REF_BOARDS];
static int ref_ready;

int ref_code(const int b[9])
{
    int code = 0;
    for (int i = 8; i >= 0; i--)
        code = code * 3 + b[i];
    return code;
}

static int ref_has_line(const int b[9], int who)
{
    for (int l = 0; l < 8; l++)
        if (b[ref_lines[l][0]] == who && b[ref_lines[l][1]] == who && b[ref_lines[l][2]] == who)
            return 1;
    return 0;
}

static int ref_marks(const int b[9])
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += b[i] != 0;
    return n;
}

/* Score for the side to move: a game ending with the n-th mark is 10 - n to its winner,
 * who completed a line (misère: who did not). */
static int ref_solve(int b[9], int misere, signed char *memo)
{
    int code = ref_code(b);
    if (memo[code] != 127)
        return memo[code];
    int n = ref_marks(b);
    int me = n % 2 ? 2 : 1, them = 3 - me;
    int best;
    if (ref_has_line(b, them))
        best = misere ? 10 - n : n - 10;
    else if (n == 9)
        best = 0;
    else {
        best = -1000;
        for (int i = 0; i < 9; i++)
            if (!b[i]) {
                b[i] = me;
                int s = -ref_solve(b, misere, memo);
                b[i] = 0;
                if (s > best)
                    best = s;
            }
    }
    memo[code] = (signed char)best;
    return best;
}

int ref_score(int b[9])
{
    return ref_solve(b, 0, ref_memo);
}

int ref_misere_score_of(pos_t p)
{
    int b[9];
    ref_board(p, b);
    return ref_solve(b, 1, ref_misere_memo);
}

static void ref_explore(int b[9])
{
    int code = ref_code(b);
    if (ref_reachable[code])
        return;
    ref_reachable[code] = 1;
    if (ref_has_line(b, 1) || ref_has_line(b, 2) || ref_marks(b) == 9)
        return;
    int me = ref_marks(b) % 2 ? 2 : 1;
    for (int i = 0; i < 9; i++)
        if (!b[i]) {
            b[i] = me;
            ref_explore(b);
            b[i] = 0;
        }
}

long ref_plain_nodes(int b[9])
{
    long nodes = 1;
    int n = ref_marks(b);
    if (ref_has_line(b, 1) || ref_has_line(b, 2) || n == 9)
        return nodes;
    for (int i = 0; i < 9; i++)
        if (!b[i]) {
            b[i] = n % 2 ? 2 : 1;
            nodes += ref_plain_nodes(b);
            b[i] = 0;
        }
    return nodes;
}

void ref_board(pos_t p, int b[9])
{
    for (int i = 0; i < 9; i++)
        b[i] = (p.x >> i & 1) ? 1 : (p.o >> i & 1) ? 2 : 0;
}

int ref_score_of(pos_t p)
{
    int b[9];
    ref_board(p, b);
    return ref_score(b);
}

void ref_init(void)
{
    if (!ref_ready) {
        int b[9] = {0};
        memset(ref_memo, 127, sizeof ref_memo);
        memset(ref_misere_memo, 127, sizeof ref_misere_memo);
        ref_explore(b);
        ref_ready = 1;
    }
}

int ref_is_perfect(pos_t p, uint8_t cell)
{
    return cell < POS_CELLS && !((p.x | p.o) & (1u << cell)) &&
           -ref_score_of(pos_play(p, cell)) == ref_score_of(p);
}

int ref_misere_is_perfect(pos_t p, uint8_t cell)
{
    return cell < POS_CELLS && !((p.x | p.o) & (1u << cell)) &&
           -ref_misere_score_of(pos_play(p, cell)) == ref_misere_score_of(p);
}

int ref_sym_cell(int k, int cell)
{
    int row = cell / 3, col = cell % 3;
    if (k >= 4) {
        int t = row;
        row = col;
        col = t;
    }
    for (int q = 0; q < (k & 3); q++) {
        int t = row;
        row = col;
        col = 2 - t;
    }
    return 3 * row + col;
}

static unsigned ref_ring(unsigned mask)
{
    static const int ring_cells[8] = {0, 1, 2, 5, 8, 7, 6, 3}; /* ring bits 0..7 */
    unsigned ring = 0;
    for (int i = 0; i < 8; i++)
        ring |= (mask >> ring_cells[i] & 1u) << i;
    return ring;
}

static unsigned ref_image(int k, unsigned mask)
{
    unsigned image = 0;
    for (int c = 0; c < 9; c++)
        if (mask >> c & 1u)
            image |= 1u << ref_sym_cell(k, c);
    return image;
}

int ref_canonical(pos_t p, pos_t *image)
{
    int best_k = 0;
    for (int k = 1; k < 8; k++) {
        unsigned x = ref_ring(ref_image(k, p.x)), o = ref_ring(ref_image(k, p.o));
        unsigned bx = ref_ring(ref_image(best_k, p.x)), bo = ref_ring(ref_image(best_k, p.o));
        if (x < bx || (x == bx && o < bo))
            best_k = k;
    }
    image->x = (uint16_t)ref_image(best_k, p.x);
    image->o = (uint16_t)ref_image(best_k, p.o);
    return best_k;
}

/* The lowest best cell of p's canonical image, mapped back to p. */
static uint8_t ref_image_move(pos_t p, int (*score_of)(pos_t))
{
    pos_t c;
    int k = ref_canonical(p, &c), best = -1000, best_cell = -1;
    for (int i = 0; i < 9; i++)
        if (!((c.x | c.o) >> i & 1)) {
            int s = -score_of(pos_play(c, (uint8_t)i));
            if (s > best) {
                best = s;
                best_cell = i;
            }
        }
    for (int cell = 0; cell < 9; cell++)
        if (ref_sym_cell(k, cell) == best_cell)
            return (uint8_t)cell;
    return POS_NO_MOVE;
}

uint8_t ref_tie_break_move(pos_t p)
{
    int b[9];
    ref_board(p, b);
    int me = ref_marks(b) % 2 ? 2 : 1, them = 3 - me;
    for (int who = me;; who = them) { /* an immediate win, else a block */
        for (int i = 0; i < 9; i++)
            if (!b[i]) {
                b[i] = who;
                int line = ref_has_line(b, who);
                b[i] = 0;
                if (line)
                    return (uint8_t)i;
            }
        if (who == them)
            break;
    }
    return ref_image_move(p, ref_score_of);
}

uint8_t ref_misere_tie_break_move(pos_t p)
{
    int b[9], empty = 0, safe = 0, first_empty = -1, first_safe = -1;
    ref_board(p, b);
    int me = ref_marks(b) % 2 ? 2 : 1;
    for (int i = 0; i < 9; i++)
        if (!b[i]) {
            b[i] = me;
            int line = ref_has_line(b, me);
            b[i] = 0;
            empty++;
            safe += !line;
            first_empty = first_empty < 0 ? i : first_empty;
            first_safe = first_safe < 0 && !line ? i : first_safe;
        }
    if (empty == 1 || safe == 0)
        return (uint8_t)first_empty;
    return safe == 1 ? (uint8_t)first_safe : ref_image_move(p, ref_misere_score_of);
}
