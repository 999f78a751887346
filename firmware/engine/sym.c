/* firmware/engine/sym.c - the 8 symmetries of the board, done on the ring: the centre never
 * moves and the 8 outer cells read clockwise from the top-left corner (cells 0 1 2 5 8
 * 7 6 3, ring bits 0..7) turn a quarter with a rotation by 2 bits; the mirror through
 * cells 0, 4, 8 takes ring bit i to bit (8 - i) % 8. So image ring bit i of symmetry k
 * comes from ring bit (i - 2k) % 8 for k < 4, from (2k - i) % 8 for k >= 4 (sym_source).
 * The canonical image builds each symmetry's rings as two bytes (X, O) from the
 * position's cells and keeps the least pair. Everything else maps through its k: a
 * table move of the image's cell j is the position's cell sym_source(k, j), and the
 * solver tries the position's cells in that order to break ties as on the image.
 * Invariant: sym_source(k, .) is a permutation of 0..8 that maps lines to lines and
 * fixes cell 4 (tests/engine/test_engine.c checks it against the geometry). */
#include "sym.h"
#include "pgm.h"

/* The ring: the ring bit of each cell (8: the centre), and the cell of each ring bit. */
static const uint8_t sym_ring_index[POS_CELLS] PROGMEM = {0, 1, 2, 7, 8, 3, 6, 5, 4};
static const uint8_t sym_ring_cells[8] PROGMEM = {0, 1, 2, 5, 8, 7, 6, 3};

/* The same as masks, for the canonical image: the ring bit of each cell and of its
 * mirror image (the centre has none). */
static const uint8_t sym_ring_bits[2][POS_CELLS] PROGMEM = {
    {0x01, 0x02, 0x04, 0x80, 0x00, 0x08, 0x40, 0x20, 0x10},
    {0x01, 0x80, 0x40, 0x02, 0x00, 0x20, 0x04, 0x08, 0x10}};

uint8_t sym_source(uint8_t k, uint8_t cell)
{
    uint8_t i = pgm_read_byte(&sym_ring_index[cell]);
    if (i > 7)
        return cell; /* the centre */
    i = (uint8_t)((k & 4u) ? 2u * k - i : i - 2u * k) & 7u; /* the source ring bit */
    return pgm_read_byte(&sym_ring_cells[i]);
}

uint16_t sym_image(uint8_t k, uint16_t mask)
{
    uint16_t image = 0;
    for (uint8_t j = POS_CELLS; j--;)
        image = (uint16_t)(image << 1 | ((mask >> sym_source(k, j)) & 1u));
    return image;
}

/* On the ring a quarter turn clockwise is a rotation by two bits. The walk: k = 0..3
 * turn the rings a quarter at a time from the position's rings, k = 4..7 from its
 * mirror image's. */
sym_canon_t sym_canonical(pos_t p)
{
    uint8_t x = 0, o = 0, mirror_x = 0, mirror_o = 0, least_x = 0xFF, least_o = 0xFF;
    sym_canon_t canon = {((uint8_t)p.x & 0x10u) ? 1u : ((uint8_t)p.o & 0x10u) ? 2u : 0u, 0};
    for (uint8_t c = 0; c < POS_CELLS; c++, p.x >>= 1, p.o >>= 1) {
        uint8_t bit = pgm_read_byte(&sym_ring_bits[0][c]);
        uint8_t mirror = pgm_read_byte(&sym_ring_bits[1][c]);
        if (p.x & 1u) {
            x |= bit;
            mirror_x |= mirror;
        }
        if (p.o & 1u) {
            o |= bit;
            mirror_o |= mirror;
        }
    }
    for (uint8_t k = 0; k < SYM_COUNT; k++) {
        if (k == 4) {
            x = mirror_x;
            o = mirror_o;
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
    for (uint8_t i = 0; i < 8; i++, least_x <<= 1, least_o <<= 1) /* ring bit 7 first */
        canon.key = (uint16_t)(3u * canon.key + (least_x >> 7) + (least_o >> 7 << 1));
    return canon;
}
