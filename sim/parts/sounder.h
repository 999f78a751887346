/* sim/parts/sounder.h - the sounder on OC2A (PB3, D11): the pin's level as the chip
 * drives it, each edge timed in cycles. Timer2's compare unit drives the pin while COM2A
 * is set; simavr 1.6 instead writes the compare level into PORTB, and its Timer2 counts
 * otherwise than the chip (sim/README.md, "Emulator gaps"), so the part keeps Timer2's
 * count as the chip does (the board model's board_timer2_t, from the register writes;
 * TCNT2 reads give its count), takes the compare matches from it and keeps the OC2A
 * latch itself: PORTB3 and the pin stay apart as on the chip. */
#ifndef SIM_PARTS_SOUNDER_H
#define SIM_PARTS_SOUNDER_H
#include <stdint.h>

#include "ports.h"

enum {
    SOUNDER_IRQ_PORTS = 0,               /* in: PARTS_PORT_IRQS port writes */
    SOUNDER_IRQ_TCCR2A = PARTS_PORT_IRQS, /* in: Timer2's registers written, in the */
    SOUNDER_IRQ_TCCR2B,                   /* order of BOARD_T2_TCCRA ... (board_model.h) */
    SOUNDER_IRQ_TCNT2,
    SOUNDER_IRQ_OCR2A,
    SOUNDER_IRQ_OCR2B,
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
    board_timer2_t t2; /* Timer2's count, as the chip's */
    int simavr_link; /* 1: simavr's own PB3 link kept (its gap shown, for the test of it) */
    sounder_edge_fn on_edge;
    void *on_edge_ctx;
} sounder_t;

void sounder_init(struct avr_t *avr, sounder_t *s);
void sounder_connect(sounder_t *s); /* to Timer2 and port B, off simavr's own PB3 link */
void sounder_reset(sounder_t *s);   /* after the chip's reset: OC2A cleared, links anew */
/* The I/O clock stops (a sleep but idle) and runs again: Timer2 stands between. */
void sounder_clock_stop(sounder_t *s);
void sounder_clock_run(sounder_t *s, uint64_t stopped_at);

#endif
