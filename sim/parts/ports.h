/* sim/parts/ports.h - the port registers as the parts that watch them see them. A part
 * that decodes pins gets PARTS_PORT_IRQS input IRQs, connected to the chip's PORTx and
 * DDRx writes of ports B, C, D (in that order) by parts_ports_connect, for the ports
 * (bit p = port p) that carry its pins. */
#ifndef SIM_PARTS_PORTS_H
#define SIM_PARTS_PORTS_H
#include <sim_irq.h>

#include "board_model.h"

struct avr_t;

enum { PARTS_PORT_IRQ_PORT = 0, PARTS_PORT_IRQ_DDR = 3, PARTS_PORT_IRQS = 6 };
#define PARTS_PORTS_NOW PARTS_PORT_IRQS /* no write under way */

void parts_ports_connect(struct avr_t *avr, avr_irq_t *first, uint8_t ports);
/* The registers as they are about to be: simavr notifies a write (input IRQ `which`,
 * new value `value`) before it stores it. */
void parts_ports_read(struct avr_t *avr, board_ports_t *p, unsigned which, uint8_t value);

#endif
