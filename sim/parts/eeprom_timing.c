/* sim/parts/eeprom_timing.c - the EEPROM timing part (eeprom_timing.h). */
#include "eeprom_timing.h"

#include <sim_avr.h>
#include <sim_io.h>

#include "board_model.h"
#include "m328p.h"

static void eecr_written(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    eeprom_timing_t *e = param;
    avr_t *avr = e->avr;
    /* The CPU halts 4 cycles after a read and 2 after a write starts (datasheet 8.6.3):
     * simavr 1.6 does not; the write is under way when this hook runs, so the cycles
     * add to its instruction's. */
    if (value & EECR_EERE)
        avr->cycle += 4;
    if (!e->busy && (value & EECR_EEPE)) { /* a byte write starts */
        avr->cycle += 2;
        e->busy = true;
        e->until = avr->cycle + BOARD_EE_WRITE_CYCLES;
        if (e->until < *e->step_end) /* else EEPE would stay set until the step ends */
            *e->step_end = e->until;
        e->addr = (uint16_t)(avr->data[A_EEARL] | (avr->data[A_EEARH] << 8));
        e->writes++;
        if (e->on_write)
            e->on_write((uint8_t)value, e->on_write_ctx);
    }
    if (e->busy)
        avr->data[A_EECR] |= EECR_EEPE;
}

void eeprom_timing_init(struct avr_t *avr, eeprom_timing_t *e, uint64_t *step_end)
{
    static const char *names[EEPROM_TIMING_IRQ_COUNT] = {"8<eeprom.eecr"};
    *e = (eeprom_timing_t){.avr = avr, .step_end = step_end};
    e->irq = avr_alloc_irq(&avr->irq_pool, 0, EEPROM_TIMING_IRQ_COUNT, names);
    avr_irq_register_notify(e->irq + EEPROM_TIMING_IRQ_EECR, eecr_written, e);
}

void eeprom_timing_connect(eeprom_timing_t *e)
{
    avr_connect_irq(avr_iomem_getirq(e->avr, A_EECR, "EECR", AVR_IOMEM_IRQ_ALL),
                    e->irq + EEPROM_TIMING_IRQ_EECR);
}

uint64_t eeprom_timing_next(const eeprom_timing_t *e) { return e->busy ? e->until : UINT64_MAX; }

void eeprom_timing_run(eeprom_timing_t *e, uint64_t now)
{
    if (e->busy && now >= e->until) {
        e->busy = false;
        e->avr->data[A_EECR] &= (uint8_t)~EECR_EEPE;
    }
}
