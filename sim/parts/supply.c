/* sim/parts/supply.c - the supply part (supply.h). */
#include "supply.h"

#include <sim_avr.h>

static void vcc_set(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    supply_t *s = param;
    s->avr->avcc = value;
    s->avr->vcc = value;
}

/* simavr's ADC takes AVcc as 3.3 V otherwise: the bandgap would read 341, not 225. */
void supply_init(struct avr_t *avr, supply_t *s)
{
    static const char *names[SUPPLY_IRQ_COUNT] = {"32<supply.vcc_mv"};
    *s = (supply_t){.avr = avr, .ram_seed = 0x2545F491u};
    s->irq = avr_alloc_irq(&avr->irq_pool, 0, SUPPLY_IRQ_COUNT, names);
    avr_irq_register_notify(s->irq + SUPPLY_IRQ_VCC, vcc_set, s);
    avr->vcc = avr->avcc = avr->aref = SUPPLY_DEFAULT_MV;
}

void supply_reset(supply_t *s)
{
    if (!s->avr->avcc)
        s->avr->avcc = SUPPLY_DEFAULT_MV;
    s->avr->vcc = s->avr->avcc;
}

void supply_power_cycle(supply_t *s)
{
    for (unsigned a = 0x100; a <= s->avr->ramend; a++) { /* xorshift32 */
        s->ram_seed ^= s->ram_seed << 13;
        s->ram_seed ^= s->ram_seed >> 17;
        s->ram_seed ^= s->ram_seed << 5;
        s->avr->data[a] = (uint8_t)s->ram_seed;
    }
}
