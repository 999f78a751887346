/* sim/parts/sounder.h - the sounder on OC2A (PB3, D11): the pin's level as the chip
 * drives it, each edge timed in cycles. Timer2's compare unit drives the pin while COM2A
 * is set; simavr 1.6 instead writes the compare level into PORTB (sim/README.md,
 * "Emulator gaps"), so the part takes the compare matches from the timer and keeps the
 * OC2A latch itself: PORTB3 and the pin stay apart as on the chip. */
#ifndef SIM_PARTS_SOUNDER_H
#define SIM_PARTS_SOUNDER_H
#include <stdint.h>

#include "ports.h"

enum {
    SOUNDER_IRQ_PORTS = 0,               /* in: PARTS_PORT_IRQS port writes */
    SOUNDER_IRQ_COMPA = PARTS_PORT_IRQS, /* in: Timer2's compare A matches */
    SOUNDER_IRQ_TCCR2A,                  /* in: TCCR2A written */
    SOUNDER_IRQ_TCCR2B,                  /* in: TCCR2B written (FOC2A) */
    SOUNDER_IRQ_OCR2A,                   /* in: OCR2A written */
    SOUNDER_IRQ_PIN,                     /* out: the pin's level, on every edge */
    SOUNDER_IRQ_COUNT
};

/* Called on every edge of the pin: the cycle and the new level (0 or 1). */
typedef void (*sounder_edge_fn)(uint64_t cycle, int level, void *ctx);

typedef struct sounder_t {
    avr_irq_t *irq; /* SOUNDER_IRQ_COUNT */
    struct avr_t *avr;
    int oc;    /* the OC2A latch: toggled, cleared or set by a compare match */
    int level; /* the pin: OC2A while COM2A is set, else PORTB3; 0 when not an output */
    uint64_t edges, last_edge, prev_edge; /* edges since the chip was made; the last two */
    /* OCR2A written below the running count in CTC: the chip counts on to 255 and wraps
     * before the next match, simavr matches at once (not modelled: counted, so that a
     * firmware doing it is noticed; sim/README.md, "Emulator gaps") */
    uint32_t ocr_below_count;
    int simavr_link; /* 1: simavr's own PB3 link kept (its gap shown, for the test of it) */
    sounder_edge_fn on_edge;
    void *on_edge_ctx;
} sounder_t;

void sounder_init(struct avr_t *avr, sounder_t *s);
void sounder_connect(sounder_t *s); /* to Timer2 and port B, off simavr's own PB3 link */
void sounder_reset(sounder_t *s);   /* after the chip's reset: OC2A cleared, links anew */

#endif
