/* sim/parts/ports.c - the port registers as the parts see them (ports.h). */
#include "ports.h"

#include <avr_ioport.h>
#include <sim_avr.h>
#include <sim_io.h>

#include "m328p.h"

void parts_ports_connect(struct avr_t *avr, avr_irq_t *first, uint8_t ports)
{
    for (unsigned p = 0; p < 3; p++) {
        if (!((ports >> p) & 1u))
            continue;
        avr_irq_t *base = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(PORT_NAME(p)), 0);
        avr_connect_irq(base + IOPORT_IRQ_REG_PORT, first + PARTS_PORT_IRQ_PORT + p);
        avr_connect_irq(base + IOPORT_IRQ_DIRECTION_ALL, first + PARTS_PORT_IRQ_DDR + p);
    }
}

void parts_ports_read(struct avr_t *avr, board_ports_t *p, unsigned which, uint8_t value)
{
    for (unsigned i = 0; i < 3; i++) {
        p->port[i] = avr->data[A_PORT(i)];
        p->ddr[i] = avr->data[A_DDR(i)];
    }
    if (which < PARTS_PORT_IRQ_DDR)
        p->port[which] = value;
    else if (which < PARTS_PORT_IRQS)
        p->ddr[which - PARTS_PORT_IRQ_DDR] = value;
}
