/* tests/variants/variants_ref.h - the independent reference's answers
 * (tests/variants/reference.py export DIR) read back on the host, for the proofs that the
 * firmware's AI plays the variant games perfectly: a simulation proof looks up each
 * state the person reaches and checks the AI's reply against its perfect moves. */
#ifndef VARIANTS_REF_H
#define VARIANTS_REF_H
#include <stdint.h>

#include "state.h"

typedef struct {
    uint16_t best;  /* every perfect move (bit i: cell i); 0 on a finished game */
    uint8_t move;   /* the documented move (fading: the lowest perfect one), POS_NO_MOVE
                     * on a finished game */
    char result;    /* 'W', 'D' or 'L' for the side to move */
    uint8_t plies;  /* to the end (fading's draw: to the limit, from the fewest plies) */
} variants_answer_t;

/* Read DIR/reference_misere.txt and DIR/reference_fading.txt: 0, or -1 after a message on
 * stderr (a missing file, a line out of the format). */
int variants_ref_load(const char *dir);
/* The answer for a board of misère, or for a fading state (its queues and side to move;
 * the plies do not matter), or NULL if the reference has no such state. */
const variants_answer_t *variants_ref_misere(pos_t p);
const variants_answer_t *variants_ref_fading(const state_t *s);
/* A fading state's number (its queues and side to move, not its plies), below
 * VARIANTS_REF_FADING_CODES: a proof's memo of the states it has met. */
#define VARIANTS_REF_FADING_CODES 2000000u
uint32_t variants_ref_fading_code(const state_t *s);

#endif
