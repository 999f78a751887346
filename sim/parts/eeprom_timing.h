/* sim/parts/eeprom_timing.h - an EEPROM byte write takes its time: simavr programs the
 * byte and clears EEPE at once; the chip keeps EEPE set for BOARD_EE_WRITE_US, so the
 * firmware waits as on hardware and a power cut can land inside a write. */
#ifndef SIM_PARTS_EEPROM_TIMING_H
#define SIM_PARTS_EEPROM_TIMING_H
#include <stdbool.h>
#include <stdint.h>
#include <sim_irq.h>

enum {
    EEPROM_TIMING_IRQ_EECR = 0, /* in: EECR written */
    EEPROM_TIMING_IRQ_COUNT
};

typedef void (*eeprom_timing_fn)(uint8_t eecr, void *ctx);

typedef struct eeprom_timing_t {
    avr_irq_t *irq; /* EEPROM_TIMING_IRQ_COUNT */
    struct avr_t *avr;
    uint64_t *step_end; /* the harness's run step: a write's end pulls it in */
    bool busy;
    uint64_t until;
    uint16_t addr;
    uint32_t writes; /* byte writes started */
    eeprom_timing_fn on_write;
    void *on_write_ctx;
} eeprom_timing_t;

void eeprom_timing_init(struct avr_t *avr, eeprom_timing_t *e, uint64_t *step_end);
void eeprom_timing_connect(eeprom_timing_t *e);
uint64_t eeprom_timing_next(const eeprom_timing_t *e); /* the write's end, or UINT64_MAX */
void eeprom_timing_run(eeprom_timing_t *e, uint64_t now); /* EEPE clears once done */

#endif
