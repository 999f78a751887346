/* firmware/engine/sym.c - the 8 symmetries on the ring (firmware/engine/README.md,
 * "Symmetries on the ring"). Invariant: sym_source(k, .) is a permutation of 0..8 that
 * maps lines to lines and fixes cell 4. */
#include "sym.h"
#include "pgm.h"

/* The ring: the ring bit of each cell (8: the centre), and the cell of each ring bit. */
static const uint8_t sym_ring_index[POS_CELLS] PROGMEM = {0, 1, 2, 7, 8, 3, 6, 5, 4};
static const uint8_t sym_ring_cells[8] PROGMEM = {0, 1, 2, 5, 8, 7, 6, 3};

uint8_t sym_source(uint8_t k, uint8_t cell)
{
    uint8_t i = pgm_read_byte(&sym_ring_index[cell]);
    if (i > 7)
        return cell; /* the centre */
    i = (uint8_t)(i - 2u * k);
    if (k & 4u)
        i = (uint8_t)-i; /* the mirror: 2k - i */
    i &= 7u;             /* the source ring bit */
    return pgm_read_byte(&sym_ring_cells[i]);
}

uint16_t sym_image(uint8_t k, uint16_t mask)
{
    uint16_t image = 0;
    for (uint8_t j = POS_CELLS; j--;)
        image = (uint16_t)(image << 1 | ((mask >> sym_source(k, j)) & 1u));
    return image;
}

/* A mirror undoes itself; k quarter turns, 4 - k more. */
uint8_t sym_inverse(uint8_t k)
{
    return k & 4u ? k : (uint8_t)(-k & 3u);
}

/* The ring byte of a cell mask: cells 0, 1, 2 and 6 are at their ring bits already. */
static uint8_t sym_ring(uint16_t mask)
{
    uint8_t low = (uint8_t)mask, ring = low & 0x47u; /* cells 0, 1, 2, 6 */
    if (low & 0x20u)                                 /* cell 5 */
        ring |= 0x08u;
    if (mask & 0x100u) /* cell 8 */
        ring |= 0x10u;
    if (low & 0x80u) /* cell 7 */
        ring |= 0x20u;
    if (low & 0x08u) /* cell 3 */
        ring |= 0x80u;
    return ring;
}

/* The mirror through cells 0, 4, 8: ring bit i to (8 - i) % 8, a reversal and a turn. */
static uint8_t sym_mirror(uint8_t ring)
{
    uint8_t mirror = 0;
    for (uint8_t i = 0; i < 8; i++, ring >>= 1) {
        mirror <<= 1;
        if (ring & 1u)
            mirror |= 1u;
    }
    return (uint8_t)(mirror << 1 | mirror >> 7);
}

/* k = 0..3 turn the position's rings, k = 4..7 its mirror image's (README). */
sym_canon_t sym_canonical(pos_t p)
{
    /* The centre's digit (X 1, O 2) first: the ring's 8 digits follow it. */
    uint8_t centre = 0;
    if (p.x & 0x10u)
        centre = PLAYER_X;
    if (p.o & 0x10u)
        centre = PLAYER_O;
    uint8_t x = sym_ring(p.x), o = sym_ring(p.o), least_x = 0xFF, least_o = 0xFF;
    sym_canon_t canon = {centre, 0};
    for (uint8_t k = 0; k < SYM_COUNT; k++) {
        if (k == 4) {
            x = sym_mirror(x);
            o = sym_mirror(o);
        }
        /* No image reaches (0xFF, 0xFF) (X and O never share a cell): k = 0 is taken. */
        if (x < least_x || (x == least_x && o < least_o)) {
            least_x = x;
            least_o = o;
            canon.k = k;
        }
        x = (uint8_t)(x << 2 | x >> 6);
        o = (uint8_t)(o << 2 | o >> 6);
    }
    for (uint8_t i = 0; i < 8; i++, least_x <<= 1, least_o <<= 1) { /* ring bit 7 first */
        canon.key = (uint16_t)(3u * canon.key);
        if (least_x & 0x80u)
            canon.key += PLAYER_X;
        if (least_o & 0x80u)
            canon.key += PLAYER_O;
    }
    return canon;
}
