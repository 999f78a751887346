/* firmware/sym.c - board symmetries as bit tricks on 9-bit masks (no tables, a few
 * shifts each), and the canonical image used by the table and the solver's tie-break.
 * Invariant: sym_unapply(k, sym_apply(k, m)) == m for every k and m. */
#include "sym.h"

static uint16_t sym_mirror_lr(uint16_t m) /* column 0 <-> column 2 */
{
    return (uint16_t)(((m & 0x049u) << 2) | ((m & 0x124u) >> 2) | (m & 0x092u));
}

static uint16_t sym_mirror_tb(uint16_t m) /* row 0 <-> row 2 */
{
    return (uint16_t)(((m & 0x007u) << 6) | ((m & 0x1C0u) >> 6) | (m & 0x038u));
}

static uint16_t sym_transpose(uint16_t m) /* cell 3r+c <-> 3c+r */
{
    return (uint16_t)((m & 0x111u) | ((m & 0x022u) << 2) | ((m & 0x088u) >> 2) |
                      ((m & 0x004u) << 4) | ((m & 0x040u) >> 4));
}

uint16_t sym_apply(uint8_t k, uint16_t mask)
{
    if (k & 1u)
        mask = sym_mirror_lr(mask);
    if (k & 2u)
        mask = sym_mirror_tb(mask);
    if (k & 4u)
        mask = sym_transpose(mask);
    return mask;
}

uint16_t sym_unapply(uint8_t k, uint16_t mask)
{
    if (k & 4u)
        mask = sym_transpose(mask);
    if (k & 2u)
        mask = sym_mirror_tb(mask);
    if (k & 1u)
        mask = sym_mirror_lr(mask);
    return mask;
}

pos_t sym_canonical(pos_t p, uint8_t *k_out)
{
    pos_t best = p;
    uint8_t best_k = 0;
    for (uint8_t k = 1; k < SYM_COUNT; k++) {
        uint16_t x = sym_apply(k, p.x);
        if (x > best.x)
            continue;
        uint16_t o = sym_apply(k, p.o);
        if (x < best.x || o < best.o) {
            best.x = x;
            best.o = o;
            best_k = k;
        }
    }
    *k_out = best_k;
    return best;
}
