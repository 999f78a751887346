/* firmware/engine/sym.h - the 8 symmetries of the board and a position's canonical image
 * (pure C). Symmetry k: k & 3 quarter turns clockwise, after the mirror through the
 * cell-0/cell-8 diagonal when k >= 4. Which image is canonical, and why the first k
 * that reaches it matters: firmware/engine/README.md, "Symmetries on the ring". */
#ifndef SYM_H
#define SYM_H
#include <stdint.h>
#include "position.h"

#define SYM_COUNT 8

/* The cell that symmetry k moves to `cell` (0..8). Read for cell = 0, 1, ..., 8 it lists
 * a position's cells in the cell order of its image under k. */
uint8_t sym_source(uint8_t k, uint8_t cell);

/* The image of a cell mask under symmetry k. */
uint16_t sym_image(uint8_t k, uint16_t mask);
/* p's canonical image: its k and its key, the base-3 code of its ring cells (ring bit i
 * weighing 3^i; empty 0, X 1, O 2) plus 6561 times that of the centre. Distinct images
 * have distinct keys, below SYM_KEYS. */
#define SYM_KEYS 19683u
typedef struct {
    uint16_t key;
    uint8_t k;
} sym_canon_t;
sym_canon_t sym_canonical(pos_t p);

#endif
