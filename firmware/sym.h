/* firmware/sym.h - the 8 symmetries of the board and the canonical image of a position
 * (pure C, host and AVR). */
#ifndef SYM_H
#define SYM_H
#include <stdint.h>
#include "position.h"

#define SYM_COUNT 8

/* Image of a cell mask under symmetry k (0..7): k bit 0 mirrors left-right, bit 1
 * mirrors top-bottom, bit 2 then transposes. k = 0 is the identity. */
uint16_t sym_apply(uint8_t k, uint16_t mask);
/* Pre-image: the mask m with sym_apply(k, m) == mask. */
uint16_t sym_unapply(uint8_t k, uint16_t mask);
/* Canonical image: the least (x, then o) over the 8 images; the first k (in 0..7) that
 * reaches it is stored in *k_out. */
pos_t sym_canonical(pos_t p, uint8_t *k_out);

#endif
