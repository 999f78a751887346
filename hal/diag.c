/* hal/diag.c - hal_diag(): one call per HAL module that counts something (pure C over
 * the contract, so the chip and the host fakes share it). */
#include "diag.h"

#include "eeprom_store.h"
#include "keys.h"
#include "power.h"
#include "tick.h"
#include "uart.h"

void hal_diag(hal_diag_t *d)
{
    uint8_t resets[POWER_CAUSES];
    power_reset_counts(resets);
    d->up_ms = tick_ms();
    d->n[HAL_DIAG_RESETS_POWER_ON] = resets[POWER_CAUSE_POWER_ON];
    d->n[HAL_DIAG_RESETS_WATCHDOG] = resets[POWER_CAUSE_WATCHDOG];
    d->n[HAL_DIAG_RESETS_BROWN_OUT] = resets[POWER_CAUSE_BROWN_OUT];
    d->n[HAL_DIAG_RESETS_EXTERNAL] = resets[POWER_CAUSE_EXTERNAL];
    d->n[HAL_DIAG_STACK_PEAK] = power_stack_peak();
    d->n[HAL_DIAG_VCC_DV] = power_vcc_decivolts();
    d->n[HAL_DIAG_RX_LOST] = uart_rx_overruns();
    d->n[HAL_DIAG_KEYS_LOST] = keys_lost_events();
    d->n[HAL_DIAG_TX_DROPPED] = uart_tx_dropped();
    d->n[HAL_DIAG_EEPROM_FAILED] = eeprom_store_failures();
    d->n[HAL_DIAG_EEPROM_WAITS] = eeprom_store_vcc_refusals();
}
