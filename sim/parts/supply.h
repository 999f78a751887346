/* sim/parts/supply.h - the Uno's supply: VCC = AVcc (what the ADC measures the 1.1 V
 * bandgap against; 5.0 V unless set), and what a power cycle does to the SRAM. */
#ifndef SIM_PARTS_SUPPLY_H
#define SIM_PARTS_SUPPLY_H
#include <stdint.h>
#include <sim_irq.h>

enum {
    SUPPLY_IRQ_VCC = 0, /* in: VCC in mV */
    SUPPLY_IRQ_COUNT
};

#define SUPPLY_DEFAULT_MV 5000u

typedef struct supply_t {
    avr_irq_t *irq; /* SUPPLY_IRQ_COUNT */
    struct avr_t *avr;
    uint32_t ram_seed;
} supply_t;

void supply_init(struct avr_t *avr, supply_t *s);
void supply_reset(supply_t *s); /* after the chip's reset: VCC as it was */
/* The SRAM as a power cycle leaves it: noise (reproducible), which simavr's reset keeps. */
void supply_power_cycle(supply_t *s);

#endif
