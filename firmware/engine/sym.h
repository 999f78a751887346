/* firmware/engine/sym.h - the 8 symmetries and the canonical image (pure C;
 * firmware/engine/README.md, "Symmetries on the ring"). Symmetry k: k & 3 quarter turns
 * clockwise, after the mirror through the 0-4-8 diagonal when k >= 4. */
#ifndef SYM_H
#define SYM_H
#include <stdint.h>
#include "position.h"

#define SYM_COUNT 8

/* The cell that symmetry k moves to `cell` (0..8). Read for cell = 0, 1, ..., 8 it lists
 * a position's cells in the cell order of its image under k. */
uint8_t sym_source(uint8_t k, uint8_t cell);

uint16_t sym_image(uint8_t k, uint16_t mask);
/* The symmetry that undoes k: sym_image(sym_inverse(k), sym_image(k, m)) == m. */
uint8_t sym_inverse(uint8_t k);
/* p's canonical image: its k and its key (ring bit i weighing 3^i, the centre 6561;
 * empty 0, X 1, O 2), distinct per image, below SYM_KEYS. */
#define SYM_KEYS 19683u
typedef struct {
    uint16_t key;
    uint8_t k;
} sym_canon_t;
sym_canon_t sym_canonical(pos_t p);

#endif
