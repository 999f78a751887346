/* firmware/engine/sym.h - the 8 symmetries of the board and the canonical image of a position
 * (pure C, host and AVR). */
#ifndef SYM_H
#define SYM_H
#include <stdint.h>
#include "position.h"

#define SYM_COUNT 8

/* Image of a cell mask under symmetry k (0..7): k & 3 quarter turns clockwise, after a
 * mirror through the cell-0/cell-8 diagonal when k >= 4. k = 0 is the identity. */
uint16_t sym_apply(uint8_t k, uint16_t mask);
/* Pre-image: the mask m with sym_apply(k, m) == mask. */
uint16_t sym_unapply(uint8_t k, uint16_t mask);
/* Canonical image: the least over the 8 images of (outer ring of x, then of o), the ring
 * read clockwise from cell 0 as a byte (sym.c); the first k (in 0..7) that reaches it is
 * stored in *k_out. */
pos_t sym_canonical(pos_t p, uint8_t *k_out);
/* The canonical image's key, without building its masks: the base-3 code of ring cells
 * 0..7 (weights 3^0..3^7) and the centre (3^8). Distinct images have distinct keys. */
#define SYM_KEYS 19683u
uint16_t sym_canonical_key(pos_t p, uint8_t *k_out);

#endif
