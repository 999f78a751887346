/* sim/parts/key_matrix.h - the nine keys: a diode per switch between a drive row and a
 * sense column (board_keys_sense), the columns' pull-ups, and a queue of timed changes. */
#ifndef SIM_PARTS_KEY_MATRIX_H
#define SIM_PARTS_KEY_MATRIX_H
#include <stdint.h>

#include "ports.h"

enum {
    KEY_MATRIX_IRQ_PORTS = 0, /* in: PARTS_PORT_IRQS port writes */
    KEY_MATRIX_IRQ_KEYS = PARTS_PORT_IRQS, /* in: the closed keys, bit 3*row+col */
    KEY_MATRIX_IRQ_COUNT
};

#define KEY_MATRIX_QUEUE 256

typedef struct key_matrix_t {
    avr_irq_t *irq; /* KEY_MATRIX_IRQ_COUNT */
    struct avr_t *avr;
    uint16_t keys;
    struct { uint64_t at; uint16_t keys; } queue[KEY_MATRIX_QUEUE];
    unsigned head, tail;
} key_matrix_t;

void key_matrix_init(struct avr_t *avr, key_matrix_t *k);
void key_matrix_connect(key_matrix_t *k); /* to the chip's ports */
void key_matrix_reset(key_matrix_t *k);   /* after the chip's reset */
/* Queue a change at an absolute cycle (in order; dropped when the queue is full). */
void key_matrix_at(key_matrix_t *k, uint64_t cycle, uint16_t keys);
uint64_t key_matrix_next(const key_matrix_t *k); /* the next change, or UINT64_MAX */
void key_matrix_run(key_matrix_t *k, uint64_t now); /* apply the changes due */

#endif
