/* firmware/engine/sym.c - the 8 symmetries of the board as one table of cell permutations in
 * flash (sym_source), and the canonical image: each symmetry's image of the ring is
 * built as two bytes (X, O) straight from the position's cells, the least pair wins.
 * Everything else maps through the winning row: a table move of the image's cell j is
 * the position's cell sym_source[k][j], and the solver tries the position's cells in the
 * order of row k to break ties as on the image.
 * Invariant: every row of sym_source is a permutation of 0..8 that maps lines to lines
 * and fixes cell 4 (tests/engine/test_engine.c checks them against the geometry). */
#include "sym.h"

const uint8_t sym_source[SYM_COUNT][POS_CELLS] PROGMEM = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8}, /* identity */
    {6, 3, 0, 7, 4, 1, 8, 5, 2}, /* a quarter turn clockwise */
    {8, 7, 6, 5, 4, 3, 2, 1, 0}, /* a half turn */
    {2, 5, 8, 1, 4, 7, 0, 3, 6}, /* three quarter turns */
    {0, 3, 6, 1, 4, 7, 2, 5, 8}, /* the mirror through cells 0, 4, 8 */
    {2, 1, 0, 5, 4, 3, 8, 7, 6}, /* the mirror, then a quarter turn */
    {8, 5, 2, 7, 4, 1, 6, 3, 0}, /* the mirror, then a half turn */
    {6, 7, 8, 3, 4, 5, 0, 1, 2}, /* the mirror, then three quarter turns */
};

/* The ring bit of each cell, and of its mirror image (the centre has none). */
static const uint8_t sym_ring_bits[2][POS_CELLS] PROGMEM = {
    {0x01, 0x02, 0x04, 0x80, 0x00, 0x08, 0x40, 0x20, 0x10},
    {0x01, 0x80, 0x40, 0x02, 0x00, 0x20, 0x04, 0x08, 0x10}};

uint16_t sym_image(uint8_t k, uint16_t mask)
{
    uint16_t image = 0;
    for (uint8_t j = POS_CELLS; j--;)
        image = (uint16_t)(image << 1 | ((mask >> pgm_read_byte(&sym_source[k][j])) & 1u));
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
