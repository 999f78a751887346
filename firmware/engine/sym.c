/* firmware/engine/sym.c - the 8 symmetries of the board, done on bytes: the centre never moves,
 * and the 8 outer cells read clockwise from the top-left corner (cells 0 1 2 5 8 7 6 3)
 * form a ring byte, in which a quarter turn is a rotation by 2 bits and a mirror is a
 * bit reversal (then a rotation by 1). That is cheap on an 8-bit CPU: the canonical
 * image costs a few hundred cycles on the ATmega328P.
 * Invariant: sym_unapply(k, sym_apply(k, m)) == m for every k and 9-bit mask m. */
#include "sym.h"
#include "pgm.h"

#define SYM_CENTRE 0x010u

/* Bit reversal of a nibble. */
static const uint8_t sym_reverse4[16] PROGMEM = {0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE,
                                                 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF};

static uint8_t sym_rotate(uint8_t r, uint8_t bits)
{
    return (uint8_t)((uint8_t)(r << bits) | (uint8_t)(r >> ((8u - bits) & 7u)));
}

/* The mirror through the corner-0/corner-8 diagonal: ring bit i goes to bit (8 - i) % 8. */
static uint8_t sym_mirror(uint8_t r)
{
    uint8_t reversed = (uint8_t)(pgm_read_byte(&sym_reverse4[r & 0x0Fu]) << 4 |
                                 pgm_read_byte(&sym_reverse4[r >> 4]));
    return sym_rotate(reversed, 1);
}

/* Symmetry k: k & 3 quarter turns clockwise, after the mirror when k >= 4. */
static uint8_t sym_ring_apply(uint8_t k, uint8_t r)
{
    if (k & 4u)
        r = sym_mirror(r);
    return sym_rotate(r, (uint8_t)(2u * (k & 3u)));
}

static uint8_t sym_ring_unapply(uint8_t k, uint8_t r)
{
    r = sym_rotate(r, (uint8_t)((8u - 2u * (k & 3u)) & 7u));
    return (k & 4u) ? sym_mirror(r) : r;
}

uint16_t sym_apply(uint8_t k, uint16_t mask)
{
    return (uint16_t)((mask & SYM_CENTRE) | pos_from_ring(sym_ring_apply(k, pos_to_ring(mask))));
}

uint16_t sym_unapply(uint8_t k, uint16_t mask)
{
    return (uint16_t)((mask & SYM_CENTRE) | pos_from_ring(sym_ring_unapply(k, pos_to_ring(mask))));
}

/* The least image of the rings (*x, *o) under the 8 symmetries, in place; returns its k. */
static uint8_t sym_least(uint8_t *x, uint8_t *o)
{
    uint8_t ring_x = *x, ring_o = *o, best_k = 0;
    const uint8_t start_x = ring_x, start_o = ring_o;
    for (uint8_t k = 1; k < SYM_COUNT; k++) {
        if (k == 4) { /* the second half of the walk starts from the mirror image */
            ring_x = sym_mirror(start_x);
            ring_o = sym_mirror(start_o);
        } else { /* a quarter turn: two ring bits */
            ring_x = (uint8_t)(ring_x << 2 | ring_x >> 6);
            ring_o = (uint8_t)(ring_o << 2 | ring_o >> 6);
        }
        if (ring_x < *x || (ring_x == *x && ring_o < *o)) {
            *x = ring_x;
            *o = ring_o;
            best_k = k;
        }
    }
    return best_k;
}

pos_t sym_canonical(pos_t p, uint8_t *k_out)
{
    uint8_t x = pos_to_ring(p.x), o = pos_to_ring(p.o);
    *k_out = sym_least(&x, &o);
    pos_t canon = {(uint16_t)((p.x & SYM_CENTRE) | pos_from_ring(x)),
                   (uint16_t)((p.o & SYM_CENTRE) | pos_from_ring(o))};
    return canon;
}

uint16_t sym_canonical_key(pos_t p, uint8_t *k_out)
{
    uint8_t x = pos_to_ring(p.x), o = pos_to_ring(p.o);
    *k_out = sym_least(&x, &o);
    uint8_t centre = (p.x & SYM_CENTRE) ? 1u : (p.o & SYM_CENTRE) ? 2u : 0u;
    return (uint16_t)(centre * 6561u + pos_nibble_code((uint8_t)(x >> 4), (uint8_t)(o >> 4)) * 81u +
                      pos_nibble_code(x, o));
}
